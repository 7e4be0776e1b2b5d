import { business } from "@mcf/contracts/business";
import { serviceAreas } from "@mcf/contracts/service-areas";
import { expect, test } from "@playwright/test";
import { openPage } from "../../support/page.ts";

test.describe("about, legal pages and business data", () => {
  test("the privacy policy has every section the spec lists, last updated January 2025", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/privacy-policy");
    await expect(page).toHaveTitle("Privacy Policy | Magic City Floors");
    await expect(page.getByText("Last updated January 2025")).toBeVisible();
    for (const section of [
      "Information we collect",
      "How we use your information",
      "Sharing your information",
      "Data security",
      "Your rights and choices",
      "Cookies and local storage",
      "Children's privacy",
      "Contact us",
      "Updates to this policy",
    ]) {
      await expect(page.getByRole("heading", { name: section, level: 2 })).toBeVisible();
    }
    await expect(page.getByText(/children under 13/)).toBeVisible();
    await context.close();
  });

  test("the terms of service cover ordering, returns, shipping and warranties", async ({
    page,
  }) => {
    await openPage(page, "/terms-of-service");
    await expect(page).toHaveTitle("Terms of Service | Magic City Floors");
    for (const section of [
      "Orders and acceptance",
      "Shipping and delivery",
      "Returns",
      "Warranties",
      "Governing law",
    ]) {
      await expect(page.getByRole("heading", { name: section, level: 2 })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Privacy Policy" }).last()).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
  });

  test("the about page tells the story and links to the shop and installation", async ({
    page,
  }) => {
    await openPage(page, "/about");
    await expect(page).toHaveTitle("About Us | Magic City Floors");
    await expect(page.getByRole("heading", { name: "Our story" })).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "Installation services" }),
    ).toHaveAttribute("href", "/installation");
  });

  test("every page carries LocalBusiness data with address, phone, hours and service areas", async ({
    page,
  }) => {
    await openPage(page, "/about");
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const shop = ld.map((text) => JSON.parse(text)).find((d) => d.name === business.name);
    expect(shop["@type"]).toBe("HomeAndConstructionBusiness"); // a schema.org LocalBusiness
    expect(shop).toMatchObject({
      telephone: business.phone,
      address: {
        streetAddress: business.address.street,
        addressLocality: "Birmingham",
        addressRegion: "AL",
        postalCode: business.address.zip,
      },
      openingHours: ["Mo-Fr 08:00-18:00"],
    });
    expect(shop.areaServed).toHaveLength(serviceAreas.length);
    expect(shop.areaServed).toContainEqual({ "@type": "Place", name: "Pell City, AL" });
  });

  test("the contact page shows the phone, street address and business hours", async ({ page }) => {
    await openPage(page, "/contact");
    const info = page.getByRole("complementary", { name: "Contact information" });
    await expect(info.getByRole("link", { name: business.phone })).toHaveAttribute(
      "href",
      business.phoneHref,
    );
    await expect(info.getByText(business.address.street)).toBeVisible();
    for (const [days, time] of [
      ["Mon-Fri:", "8AM-6PM"],
      ["Saturday:", "by appointment"],
      ["Sunday:", "closed"],
    ]) {
      await expect(info.getByText(`${days} ${time}`)).toBeVisible();
    }
  });

  test("partner logos fall back to a monogram tile when they cannot load", async ({ page }) => {
    await page.route("**/img/partners/**", (route) => route.abort());
    await openPage(page, "/partners");
    const logos = page.getByRole("img", { name: /logo$/ });
    await expect(logos).toHaveCount(7);
    await expect(page.getByRole("img", { name: "Oakridge Hardwood Mills logo" })).toHaveText("OH");
    await expect(page.locator("main img[src^='/img/partners/']")).toHaveCount(0);
  });
});
