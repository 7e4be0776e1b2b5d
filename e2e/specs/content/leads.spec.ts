import { expect, test } from "@playwright/test";
import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";

test.describe("installation inquiries and contact messages", () => {
  test("a project inquiry lands on /inquiry-success and the staff email arrives", async ({
    page,
  }) => {
    const name = `Inquiry Tester ${Date.now()}`;
    await openPage(page, "/installation");
    await expect(page.getByRole("heading", { name: "Our 4-step process" })).toBeVisible();
    for (const step of ["Consultation", "Preparation", "Installation", "Final inspection"]) {
      await expect(page.getByRole("heading", { name: step, exact: true })).toBeVisible();
    }
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Phone").fill("(205) 555-0123");
    await page.getByLabel("Email").fill("inquiry.tester@example.com");
    await page.getByLabel("Project address").fill("100 Main St, Homewood, AL 35209");
    await page.getByLabel("Commercial").check();
    await page.getByLabel("Location type").selectOption("Office");
    await page.getByLabel("I am the").selectOption("Property Manager");
    await page.getByLabel("LVP").check();
    await page.getByLabel("Tile").check();
    await page.getByLabel("Square footage").fill("1250");
    await page.getByLabel("Rooms").fill("Lobby and two offices");
    await page.getByLabel("Timeline").selectOption("Within 1 month");
    await page.getByLabel("Additional notes").fill("Concrete slab, please call first.");
    await page.getByRole("button", { name: "Request My Free Quote" }).click();

    await expect(page).toHaveURL(/\/inquiry-success$/);
    await expect(page.getByText("Your project details were received.")).toBeVisible();
    await expect(page.getByText(/in touch within 24-48 hours/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Products" })).toHaveAttribute(
      "href",
      "/products",
    );
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");

    const mail = await waitForMail((m) => m.subject === `New project inquiry from ${name}`);
    expect(mail.to).toContain("staff@magiccityfloors.example");
    expect(mail.text).toContain("Flooring type: LVP, Tile");
    expect(mail.text).toContain("Square footage: 1250");
    expect(mail.text).toContain("I am the: Property Manager");
  });

  test("an inquiry the server rejects shows the spec's error with the reason, in view on a phone", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, "/installation");
    await page.getByLabel("Name").fill("Short Phone");
    await page.getByLabel("Phone").fill("12");
    await page.getByLabel("Email").fill("short.phone@example.com");
    await page.getByLabel("Project address").fill("1 Elm St, Hoover, AL");
    await page.getByRole("button", { name: "Request My Free Quote" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Something went wrong!");
    await expect(alert).toContainText("Please try again or contact us directly.");
    await expect(alert).toContainText("Enter a valid phone number");
    await expect(page).toHaveURL(/\/installation$/);
    // The message sits above the form, far from the button on a phone: it is brought into view
    // and given the keyboard, and what was typed stays.
    await expect(alert).toBeFocused();
    await expect(alert).toBeInViewport();
    await expect(page.getByLabel("Name")).toHaveValue("Short Phone");
  });

  test("the contact form works with JavaScript off and shows the success banner", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const name = `No Script ${Date.now()}`;
    await page.goto("/contact");
    await expect(
      page.getByRole("complementary", { name: "Contact information" }).getByText("Mon-Fri:"),
    ).toBeVisible();
    await page.getByLabel("Name").fill(name);
    await page.getByRole("textbox", { name: "Email" }).fill("noscript@example.com");
    await page.getByRole("textbox", { name: "Phone" }).fill("205-555-0177");
    await page.getByRole("radio", { name: "Phone" }).check();
    await page.getByLabel("Best time to contact").fill("After 5pm");
    await page.getByRole("textbox", { name: "Message" }).fill("Do you sell stair nosing for LVP?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\?success=true$/);
    await expect(
      page.getByText("Message sent successfully! We'll get back to you soon."),
    ).toBeVisible();
    const mail = await waitForMail((m) => m.subject === `New contact message from ${name}`);
    expect(mail.text).toContain("Preferred contact method: phone");
    expect(mail.text).toContain("Best time to contact: After 5pm");
    await context.close();
  });

  test("with JavaScript on, the success banner stays and ?success=true leaves the URL", async ({
    page,
  }) => {
    await openPage(page, "/contact?success=true");
    await expect(
      page.getByText("Message sent successfully! We'll get back to you soon."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(
      page.getByText("Message sent successfully! We'll get back to you soon."),
    ).toBeVisible();
  });

  test("a rejected contact message comes back with the reason in an error banner", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Bad Email");
    // The browser's own check would stop "x@" before it leaves; the server must catch it too.
    const email = page.getByRole("textbox", { name: "Email" });
    await email.evaluate((input) => input.setAttribute("type", "text"));
    await email.fill("x@");
    await page.getByRole("textbox", { name: "Phone" }).fill("205-555-0100");
    await page.getByRole("textbox", { name: "Message" }).fill("Hello");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert")).toContainText("Enter a valid email address");
    await context.close();
  });

  test("with JavaScript on, a sent message clears the form and shows the banner without leaving the page", async ({
    page,
  }) => {
    const name = `Script On ${Date.now()}`;
    await openPage(page, "/contact");
    await page.getByLabel("Name").fill(name);
    await page.getByRole("textbox", { name: "Email" }).fill("scripton@example.com");
    await page.getByRole("textbox", { name: "Phone" }).fill("205-555-0166");
    await page.getByRole("textbox", { name: "Message" }).fill("Do you install in Hoover?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Message sent successfully! We'll get back to you soon.",
    );
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
    const mail = await waitForMail((m) => m.subject === `New contact message from ${name}`);
    expect(mail.text).toContain("Do you install in Hoover?");
  });

  test("with JavaScript on, a refused message keeps everything typed and says why", async ({
    page,
  }) => {
    await openPage(page, "/contact");
    await page.getByLabel("Name").fill("Kept Fields");
    await page.getByRole("textbox", { name: "Email" }).fill("kept@example.com");
    // The browser does not check a phone number's shape; the server does.
    const phone = page.getByRole("textbox", { name: "Phone" });
    await phone.fill("12");
    await page.getByLabel("Best time to contact").fill("Mornings");
    await page
      .getByRole("textbox", { name: "Message" })
      .fill("A long message I would hate to retype.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert")).toContainText("Your message was not sent.");
    await expect(page.getByRole("alert")).toContainText("Enter a valid phone number");
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel("Name")).toHaveValue("Kept Fields");
    await expect(phone).toHaveValue("12");
    await expect(page.getByLabel("Best time to contact")).toHaveValue("Mornings");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(
      "A long message I would hate to retype.",
    );
    // Corrected and sent again: the refusal gives way to the success banner.
    await phone.fill("205-555-0100");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Message sent successfully! We'll get back to you soon.",
    );
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});
