import { fileURLToPath } from "node:url";
import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";

/** A real photo of a finished floor (the store's own sample image). */
const floorPhoto = fileURLToPath(
  new URL("../../../web/public/img/gallery/lvp-basement-family-room.webp", import.meta.url),
);

test.describe("reviews and questions", () => {
  test("on a phone, what the review form refuses shows where the shopper can see it", async ({
    page,
    store,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const product = await store.product({ name: "Phone Review Walnut" });
    await openPage(page, `/products/${product.id}`);
    await page.getByRole("button", { name: "Write a Review" }).click();
    const form = page.getByRole("form", { name: `Review of ${product.name}` });
    const header = page.locator("[data-sticky-header]");
    // A field the browser reports as unfilled stops below the sticky header, not under it.
    await form.getByLabel("5 stars").check();
    await form.getByRole("button", { name: "Submit Review" }).click();
    await expect(form.getByLabel("Title")).toBeFocused();
    const headerBox = await header.boundingBox();
    const titleBox = await form.getByLabel("Title").boundingBox();
    expect(headerBox && titleBox && titleBox.y >= headerBox.y + headerBox.height).toBe(true);

    // The server's refusal of a photo sits above the fields: it is brought into view.
    await form.getByLabel("Title").fill("Lovely floor");
    await form.getByLabel("Your review").fill("It went down in a weekend and looks great.");
    await form.getByLabel("Your name").fill("Robin Phone");
    await form.getByLabel("Email (never shown)").fill(`robin-${Date.now()}@example.com`);
    await form.getByLabel("Photos").setInputFiles({
      name: "fake.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("not a photo at all"),
    });
    await form.getByRole("button", { name: "Submit Review" }).click();
    const refusal = form.getByRole("alert");
    await expect(refusal).toContainText("fake.jpg");
    await expect(refusal).toBeFocused();
    await expect(refusal).toBeInViewport();
    await expect(form.getByLabel("Title")).toHaveValue("Lovely floor");
  });

  test("a shopper asks a question; it shows once staff answer it", async ({ page, store }) => {
    const product = await store.product({ name: "Questioned Maple" });
    await openPage(page, `/products/${product.id}`);
    const section = page.getByRole("region", { name: "Questions & Answers" });
    await expect(section).toContainText("No answered questions yet");
    await section.getByText("Ask a Question").click();
    const form = page.getByRole("form", { name: "Ask a question" });
    await form.getByLabel("Your question").fill("Can this maple go in a bathroom?");
    await form.getByLabel("Your name").fill("Taylor Quinn");
    await form
      .getByLabel("Email (never shown)")
      .fill(`taylor-${store.tag.toLowerCase()}@example.com`);
    await form.getByRole("button", { name: "Submit Question" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "once our team has answered it" }),
    ).toBeVisible();

    await signInToAdmin(page, "reviews");
    await page.getByRole("button", { name: "Questions" }).click();
    const card = page.getByRole("article", { name: "Question: Can this maple go in a bathroom?" });
    await card
      .getByLabel("Answer publicly")
      .fill("Not a full bathroom: solid maple dislikes standing water.");
    await card.getByRole("button", { name: "Publish Answer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Answer published" })).toBeVisible();

    await openPage(page, `/products/${product.id}`);
    const answered = page.getByRole("region", { name: "Questions & Answers" });
    await expect(answered).toContainText("Q: Can this maple go in a bathroom?");
    await expect(answered).toContainText(
      "A: Not a full bathroom: solid maple dislikes standing water.",
    );
    await expect(answered).toContainText("Asked by Taylor Q.");
  });

  test("a buyer writes a review with a photo from the emailed link, which works once; staff approve it; it shows with its stars on the page and the card", async ({
    page,
    request,
    store,
  }) => {
    const product = await store.product({ name: "Emailed Walnut" });
    const email = `buyer-${store.tag.toLowerCase()}@example.com`;
    const { order } = await store.paidOrder({ product, quantity: 2, email, name: "Avery Stone" });
    const delivered = await request.patch(`/api/admin/orders/${order.order_id}/status`, {
      headers: adminHeaders,
      data: { status: "delivered", send_email: false },
    });
    expect(delivered.status()).toBe(200);
    // Staff send the request now rather than waiting the days the pass waits.
    const sent = await request.post(`/api/admin/orders/${order.order_id}/review-requests`, {
      headers: adminHeaders,
    });
    expect(await sent.json()).toEqual({ queued: 1 });
    const mail = await waitForMail((m) => m.to.includes(email) && m.subject.includes(product.name));
    const link = mail.text.match(/https?:\/\/\S+?\/reviews\/write\?token=[A-Za-z0-9_%-]+/)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link ?? "");

    await openPage(page, `${url.pathname}${url.search}`);
    await expect(page.getByRole("heading", { level: 1, name: "Review Your Floor" })).toBeVisible();
    const form = page.getByRole("form", { name: `Review of ${product.name}` });
    await expect(form.getByLabel("Your name")).toHaveValue("Avery Stone");
    await form.getByLabel("4 stars").check();
    await form.getByLabel("Title").fill("Exactly like the sample");
    await form.getByLabel("Your review").fill("The walnut matches the sample board we ordered.");
    await form.getByLabel("Room").selectOption("Living room");
    await form.getByLabel("The floor's use").selectOption("Busy household: kids and pets");
    await form.getByLabel("Photos").setInputFiles(floorPhoto);
    await form.getByRole("button", { name: "Submit Review" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Thank you for your review" }),
    ).toBeVisible();

    await openPage(page, `${url.pathname}${url.search}`);
    await expect(page.getByRole("alert")).toContainText("already written with this link");

    // Nothing shows before staff approve it.
    await openPage(page, `/products/${product.id}`);
    await expect(page.getByRole("region", { name: "Customer Reviews" })).toContainText(
      "No reviews yet",
    );

    await signInToAdmin(page, "reviews");
    const card = page.getByRole("article", { name: "Review: Exactly like the sample" });
    await expect(card).toContainText(product.name);
    await expect(card).toContainText("Verified buyer");
    await expect(card.getByRole("img", { name: "Photo 1 of the review" })).toBeVisible();
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Review approved" })).toBeVisible();

    await openPage(page, `/products/${product.id}`);
    const shown = page.getByRole("region", { name: "Customer Reviews" });
    const review = shown.getByRole("listitem").filter({ hasText: "Exactly like the sample" });
    await expect(review).toContainText("Avery S.");
    await expect(review).toContainText("Verified buyer");
    await expect(shown).toContainText("Busy household: kids and pets");
    await expect(shown.getByRole("img", { name: "Photo 1 from Avery S." })).toBeVisible();
    await expect(page.getByRole("img", { name: "Rated 4 out of 5 stars" }).first()).toBeVisible();
    // The review's photo joins the product's gallery.
    await expect(page.getByRole("img", { name: `${product.name}: customer photo` })).toBeVisible();
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = ld.map((text) => JSON.parse(text)).find((item) => item["@type"] === "Product");
    expect(data.aggregateRating).toMatchObject({
      "@type": "AggregateRating",
      ratingValue: 4,
      reviewCount: 1,
    });
    expect(data.review[0]).toMatchObject({
      "@type": "Review",
      author: { "@type": "Person", name: "Avery S." },
      reviewRating: { "@type": "Rating", ratingValue: 4 },
    });

    await openPage(page, `/products?q=${encodeURIComponent(store.tag)}&min_rating=4`);
    const productCard = page.getByRole("article", { name: product.name });
    await expect(productCard.getByRole("img", { name: "Rated 4 out of 5 stars" })).toBeVisible();
    await expect(productCard).toContainText("(1 review)");
  });
});
