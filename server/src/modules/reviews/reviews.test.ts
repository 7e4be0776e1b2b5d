import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../../test/test-app.ts";
import { mailOutbox, productReviews } from "../../db/schema/index.ts";

const admin = { "admin-password": testAdminPassword };
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

interface Photo {
  name: string;
  bytes: Buffer;
}

describe("product reviews", () => {
  let t: TestApp;
  let dataDir: string;
  let address = 0;
  let photo: Buffer;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "mcf-reviews-"));
    t = await createTestApp({ config: { dataDir } });
    photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 150, g: 110, b: 70 } },
    })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const db = () => t.database.db;

  /** Each review comes from its own address: reviews are limited per network per hour. */
  async function sendReview(
    productId: number,
    fields: Record<string, string>,
    photos: Photo[] = [],
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const p of photos) form.append("photos", new Blob([p.bytes]), p.name);
    const request = new Request("http://store.test/", { method: "POST", body: form });
    address += 1;
    return t.app.inject({
      method: "POST",
      url: `/api/products/${productId}/reviews`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      remoteAddress: `198.51.100.${address}`,
    });
  }
  const review = (overrides: Record<string, string> = {}) => ({
    rating: "5",
    title: "Held up to two dogs",
    body: "Installed in the kitchen last spring; no scratches so far and easy to clean.",
    name: "Jordan Carter",
    email: "jordan@example.com",
    room: "Kitchen",
    floor_use: "Pets",
    ...overrides,
  });
  const moderate = (id: number, body: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: `/api/admin/reviews/${id}/moderation`,
      headers: admin,
      payload: body,
    });
  const publicReviews = async (productId: number, query = "") =>
    (await t.app.inject({ url: `/api/products/${productId}/reviews${query}` })).json();
  const publicProduct = async (productId: number) =>
    (await t.app.inject({ url: `/api/products/${productId}` })).json();

  it("a review waits for approval: no public list, product answer or rating shows it before", async () => {
    const product = await createProduct(db());
    const sent = await sendReview(product.id, review());
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ verified_buyer: false });
    expect(sent.json().message).toContain("once our team has read it");

    expect(await publicReviews(product.id)).toMatchObject({
      reviews: [],
      total: 0,
      rating_average: null,
      rating_count: 0,
    });
    expect(await publicProduct(product.id)).toMatchObject({
      rating_average: null,
      rating_count: 0,
    });
    const list = await t.app.inject({ url: `/api/products?q=${encodeURIComponent(product.name)}` });
    const listed = list.json().find((p: { id: number }) => p.id === product.id);
    expect(listed).toMatchObject({ rating_average: null, rating_count: 0 });

    const queue = await t.app.inject({ url: "/api/admin/reviews", headers: admin });
    expect(queue.json().reviews.map((r: { id: number }) => r.id)).toContain(sent.json().review_id);
  });

  it("approving reviews shows them with the reviewer's first name and initial, and sets the product's average and count", async () => {
    const product = await createProduct(db());
    const five = (await sendReview(product.id, review())).json().review_id;
    const four = (await sendReview(product.id, review({ rating: "4", name: "Sam Lee" }))).json()
      .review_id;
    const two = (await sendReview(product.id, review({ rating: "2", name: "Ana" }))).json()
      .review_id;
    expect((await moderate(five, { action: "approve" })).statusCode).toBe(200);
    expect((await moderate(four, { action: "approve" })).statusCode).toBe(200);
    const rejected = await moderate(two, { action: "reject", reason: "Not about this floor" });
    expect(rejected.json()).toMatchObject({
      status: "rejected",
      rejection_reason: "Not about this floor",
    });

    const shown = await publicReviews(product.id);
    expect(shown.reviews.map((r: { reviewer: string }) => r.reviewer)).toEqual([
      "Sam L.",
      "Jordan C.",
    ]);
    expect(shown).toMatchObject({ total: 2, rating_average: 4.5, rating_count: 2 });
    expect(shown.rating_histogram).toEqual([0, 0, 0, 1, 1]);
    expect(JSON.stringify(shown)).not.toContain("jordan@example.com");
    expect(await publicProduct(product.id)).toMatchObject({ rating_average: 4.5, rating_count: 2 });

    // Rejecting an approved review takes it out of the list and the average.
    await moderate(four, { action: "reject", reason: "Duplicate" });
    expect(await publicProduct(product.id)).toMatchObject({ rating_average: 5, rating_count: 1 });
  });

  it("a staff reply shows under the approved review", async () => {
    const product = await createProduct(db());
    const id = (await sendReview(product.id, review())).json().review_id;
    await moderate(id, { action: "approve" });
    await moderate(id, { action: "reply", reply: "Thank you, Jordan! Enjoy the new kitchen." });
    const [shown] = (await publicReviews(product.id)).reviews;
    expect(shown.reply.text).toBe("Thank you, Jordan! Enjoy the new kitchen.");
  });

  it("the product list filters by 4 stars & up and sorts by rating", async () => {
    const brand = `Rated ${Date.now()}`;
    const great = await createProduct(db(), { brand, name: "Rated Great Oak" });
    const fair = await createProduct(db(), { brand, name: "Rated Fair Oak" });
    const none = await createProduct(db(), { brand, name: "Rated Aardvark Oak" });
    for (const [product, rating] of [
      [great, "5"],
      [fair, "3"],
    ] as const) {
      const id = (await sendReview(product.id, review({ rating }))).json().review_id;
      await moderate(id, { action: "approve" });
    }
    const query = `brand=${encodeURIComponent(brand)}`;
    const fourUp = await t.app.inject({ url: `/api/products?${query}&min_rating=4` });
    expect(fourUp.json().map((p: { id: number }) => p.id)).toEqual([great.id]);
    const sorted = await t.app.inject({ url: `/api/products?${query}&sort=rating_desc` });
    expect(sorted.json().map((p: { id: number }) => p.id)).toEqual([great.id, fair.id, none.id]);
    expect(sorted.json()[0]).toMatchObject({ rating_average: 5, rating_count: 1 });
  });

  it("a review is a verified purchase only when the email bought the product", async () => {
    const product = await createProduct(db());
    await createOrder(db(), {
      customer_email: "Buyer@Example.com",
      lines: [{ product, quantity: 3 }],
    });
    const sampler = await createProduct(db());
    await createOrder(db(), {
      customer_email: "sampler@example.com",
      lines: [{ product: sampler, quantity: 1, kind: "sample" }],
    });
    const buyer = await sendReview(product.id, review({ email: "buyer@example.com" }));
    expect(buyer.json().verified_buyer).toBe(true);
    const stranger = await sendReview(product.id, review({ email: "stranger@example.com" }));
    expect(stranger.json().verified_buyer).toBe(false);
    const onlySampled = await sendReview(sampler.id, review({ email: "sampler@example.com" }));
    expect(onlySampled.json().verified_buyer).toBe(false);
    const cancelledProduct = await createProduct(db());
    await createOrder(db(), {
      status: "cancelled",
      customer_email: "cancelled@example.com",
      lines: [{ product: cancelledProduct, quantity: 2 }],
    });
    const cancelled = await sendReview(
      cancelledProduct.id,
      review({ email: "cancelled@example.com" }),
    );
    expect(cancelled.json().verified_buyer).toBe(false);
  });

  it("photos are resized and shown with the approved review; review photos list on their own", async () => {
    const product = await createProduct(db());
    const withPhoto = await sendReview(product.id, review(), [
      { name: "kitchen.jpg", bytes: photo },
    ]);
    expect(withPhoto.statusCode).toBe(201);
    const without = await sendReview(product.id, review({ rating: "3", name: "Sam Lee" }));
    await moderate(withPhoto.json().review_id, { action: "approve" });
    await moderate(without.json().review_id, { action: "approve" });
    const photos = await publicReviews(product.id, "?sort=with_photos");
    expect(photos.total).toBe(1);
    const [image] = photos.reviews[0].photos;
    // Copies at each standard width the photo covers (400 px wide: the 320 px one).
    expect(image).toMatchObject({ width: 320, height: 240, widths: [320] });
    const served = await t.app.inject({ url: `/media/products/${image.id}-320.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect((await publicReviews(product.id, "?sort=lowest")).reviews[0].rating).toBe(3);
    expect((await publicReviews(product.id, "?sort=highest")).reviews[0].rating).toBe(5);
    expect((await publicReviews(product.id, "?per_page=1&page=2")).reviews).toHaveLength(1);
  });

  it("rejecting a review removes its photos: the review forgets them and their addresses answer 404, unless another review sent the same photo", async () => {
    const product = await createProduct(db());
    const onlyHere = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const shared = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 160, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const rejectedId = (
      await sendReview(product.id, review(), [
        { name: "mine.jpg", bytes: onlyHere },
        { name: "shared.jpg", bytes: shared },
      ])
    ).json().review_id;
    const keptId = (
      await sendReview(product.id, review({ name: "Sam Lee" }), [
        { name: "also.jpg", bytes: shared },
      ])
    ).json().review_id;
    const queue = await t.app.inject({ url: "/api/admin/reviews", headers: admin });
    const sent = queue.json().reviews.find((r: { id: number }) => r.id === rejectedId);
    const [mine, both] = sent.photos as { id: string }[];
    const address = (id: string, format: string) => `/media/products/${id}-320.${format}`;
    const status = async (url: string) => (await t.app.inject({ url })).statusCode;
    expect(await status(address(mine?.id ?? "", "webp"))).toBe(200);

    const rejected = await moderate(rejectedId, { action: "reject", reason: "Not this floor" });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: "rejected", photos: [] });
    for (const format of ["webp", "avif"]) {
      expect(await status(address(mine?.id ?? "", format))).toBe(404);
      expect(await status(address(both?.id ?? "", format))).toBe(200);
    }
    const [row] = await db()
      .select({ photos: productReviews.photos })
      .from(productReviews)
      .where(eq(productReviews.id, rejectedId));
    expect(row?.photos).toEqual([]);

    // The other review still shows the shared photo once approved.
    await moderate(keptId, { action: "approve" });
    const shown = await publicReviews(product.id, "?sort=with_photos");
    expect(shown.reviews[0].photos.map((p: { id: string }) => p.id)).toEqual([both?.id]);
  });

  it("refuses bad input with a clear message and keeps nothing", async () => {
    const product = await createProduct(db());
    const count = async () =>
      (await db().select().from(productReviews).where(eq(productReviews.product_id, product.id)))
        .length;
    const notPhoto = await sendReview(product.id, review(), [{ name: "receipt.jpg", bytes: pdf }]);
    expect(notPhoto.statusCode).toBe(422);
    expect(notPhoto.json().detail).toBe(
      '"receipt.jpg" is not an image we can read. Please upload JPEG, PNG, WebP or AVIF files.',
    );
    const seven = Array.from({ length: 7 }, (_, i) => ({ name: `p${i}.jpg`, bytes: photo }));
    const tooMany = await sendReview(product.id, review(), seven);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toContain("at most 6 photos");
    const six = await sendReview(product.id, review({ rating: "6" }));
    expect(six.statusCode).toBe(422);
    expect(JSON.stringify(six.json().detail)).toContain("Please choose a rating from 1 to 5 stars");
    const script = await sendReview(
      product.id,
      review({ body: "Great floor <script>alert('x')</script> really great" }),
    );
    expect(script.statusCode).toBe(422);
    expect(JSON.stringify(script.json().detail)).toContain("must be plain text");
    expect(await count()).toBe(0);
    const unknown = await sendReview(999_999, review());
    expect(unknown.statusCode).toBe(404);
  });

  it("flags profanity and links for the moderator", async () => {
    const product = await createProduct(db());
    const rude = await sendReview(
      product.id,
      review({ body: "This shitty floor scratched in a week, buy from www.example.com instead" }),
    );
    const queue = await t.app.inject({ url: "/api/admin/reviews?status=pending", headers: admin });
    const flagged = queue
      .json()
      .reviews.find((r: { id: number }) => r.id === rude.json().review_id);
    expect(flagged.flags).toEqual(["profanity", "link"]);
  });

  describe("review request emails", () => {
    const deliveredOrder = async (email: string, daysAgo: number) => {
      const first = await createProduct(db(), { name: "Requested Oak" });
      const second = await createProduct(db(), { name: "Requested Maple" });
      const sampled = await createProduct(db());
      const order = await createOrder(db(), {
        status: "delivered",
        shipped_at: new Date(Date.now() - (daysAgo + 2) * 86_400_000),
        delivered_at: new Date(Date.now() - daysAgo * 86_400_000),
        customer_email: email,
        lines: [
          { product: first, quantity: 4 },
          { product: second, quantity: 2 },
          { product: sampled, quantity: 1, kind: "sample" },
        ],
      });
      return { order, first, second };
    };
    const requestMails = async (email: string) =>
      (await db().select().from(mailOutbox).where(eq(mailOutbox.to_address, email))).filter(
        (mail) => mail.kind === "review-request",
      );
    const tokenOf = (text: string) => {
      const match = /\/reviews\/write\?token=([A-Za-z0-9_-]+)/.exec(text);
      if (!match?.[1]) throw new Error(`no review link in: ${text}`);
      return match[1];
    };

    it("go out once per delivered line of boxes, after the set days, however often the job runs", async () => {
      const early = await deliveredOrder("early@example.com", 3);
      const due = await deliveredOrder("due@example.com", 8);
      // Two passes at once (two processes) and a later one: each line's email is queued once.
      const passes = await Promise.all([
        t.app.jobs.queueReviewRequests(),
        t.app.jobs.queueReviewRequests(),
      ]);
      expect(passes[0] + passes[1]).toBeGreaterThanOrEqual(2);
      await t.app.jobs.queueReviewRequests();
      expect(await requestMails("early@example.com")).toHaveLength(0);
      const mails = await requestMails("due@example.com");
      expect(mails.map((mail) => mail.subject).sort()).toEqual(
        [
          `How is your new ${due.first.name} floor?`,
          `How is your new ${due.second.name} floor?`,
        ].sort(),
      );
      expect(early.order.id).not.toBe(due.order.id);
    });

    it("staff send a delivered order's requests now, once per line; an order not delivered is refused", async () => {
      const product = await createProduct(db());
      const open = await createOrder(db(), { lines: [{ product, quantity: 2 }] });
      const notYet = await t.app.inject({
        method: "POST",
        url: `/api/admin/orders/${open.id}/review-requests`,
        headers: admin,
      });
      expect(notYet.statusCode).toBe(422);
      expect(notYet.json().detail).toContain("mark the order delivered first");
      const { order } = await deliveredOrder("now@example.com", 0);
      const send = () =>
        t.app.inject({
          method: "POST",
          url: `/api/admin/orders/${order.id}/review-requests`,
          headers: admin,
        });
      expect((await send()).json()).toEqual({ queued: 2 });
      expect((await send()).json()).toEqual({ queued: 0 });
      expect(await requestMails("now@example.com")).toHaveLength(2);
      const unknown = await t.app.inject({
        method: "POST",
        url: "/api/admin/orders/not-an-order/review-requests",
        headers: admin,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it("the signed link opens the form without signing in, marks the review verified, and works once; a forged link is refused", async () => {
      const { first } = await deliveredOrder("linked@example.com", 9);
      await t.app.jobs.queueReviewRequests();
      const mail = (await requestMails("linked@example.com")).find((m) =>
        m.subject.includes(first.name),
      );
      const token = tokenOf(mail?.text ?? "");
      const link = await t.app.inject({ url: `/api/review-links/${token}` });
      expect(link.statusCode).toBe(200);
      expect(link.json()).toMatchObject({ product_id: first.id, email: "linked@example.com" });

      // Another email typed in the form: the link still vouches for the purchase.
      const sent = await sendReview(first.id, review({ email: "other@example.com", token }));
      expect(sent.statusCode).toBe(201);
      expect(sent.json().verified_buyer).toBe(true);

      const again = await sendReview(first.id, review({ token }));
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toContain("already written with this link");
      const forged = `${token.slice(0, -4)}AAAA`;
      const refused = await sendReview(first.id, review({ token: forged }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toContain("This review link is not valid");
      expect((await t.app.inject({ url: `/api/review-links/${forged}` })).statusCode).toBe(403);
    });
  });
  describe("questions and answers", () => {
    const ask = (productId: number, question: string) => {
      address += 1;
      return t.app.inject({
        method: "POST",
        url: `/api/products/${productId}/questions`,
        payload: { name: "Riley Brooks", email: "riley@example.com", question },
        remoteAddress: `198.51.100.${address}`,
      });
    };
    const answered = async (productId: number) =>
      (await t.app.inject({ url: `/api/products/${productId}/questions` })).json();
    const setBuyersMayAnswer = async (value: boolean) => {
      const current = (await t.app.inject({ url: "/api/admin/settings", headers: admin })).json();
      const saved = await t.app.inject({
        method: "PUT",
        url: "/api/admin/settings",
        headers: admin,
        payload: { ...current.settings, reviews: { request_days: 7, buyers_may_answer: value } },
      });
      expect(saved.statusCode).toBe(200);
    };

    it("a question shows only once staff answer it; a rejected one never shows", async () => {
      const product = await createProduct(db());
      const asked = await ask(product.id, "Can this go over radiant floor heating?");
      expect(asked.statusCode).toBe(201);
      const ignored = await ask(product.id, "Is this the cheapest floor you have?");
      expect((await answered(product.id)).questions).toEqual([]);

      const reply = await t.app.inject({
        method: "POST",
        url: `/api/admin/questions/${asked.json().id}/moderation`,
        headers: admin,
        payload: {
          action: "answer",
          answer: "Yes: floating installs over radiant heat up to 85°F.",
        },
      });
      expect(reply.statusCode).toBe(200);
      await t.app.inject({
        method: "POST",
        url: `/api/admin/questions/${ignored.json().id}/moderation`,
        headers: admin,
        payload: { action: "reject", reason: "Not about the floor" },
      });
      const shown = await answered(product.id);
      expect(shown.questions).toHaveLength(1);
      expect(shown.questions[0]).toMatchObject({
        question: "Can this go over radiant floor heating?",
        asker: "Riley B.",
        answers: [
          { author_kind: "staff", text: "Yes: floating installs over radiant heat up to 85°F." },
        ],
      });
      expect(JSON.stringify(shown)).not.toContain("riley@example.com");
    });

    const answerMails = async (to: string) =>
      (await db().select().from(mailOutbox).where(eq(mailOutbox.to_address, to))).filter(
        (mail) => mail.kind === "question-answered",
      );

    it("the asker is emailed the staff's answer with a link to the product, once", async () => {
      const product = await createProduct(db(), { name: "Answered Hickory" });
      const asker = "asker-staff@example.com";
      address += 1;
      const asked = await t.app.inject({
        method: "POST",
        url: `/api/products/${product.id}/questions`,
        payload: { name: "Dana Price", email: asker, question: "Is it waterproof?" },
        remoteAddress: `198.51.100.${address}`,
      });
      const id = asked.json().id;
      await t.app.inject({
        method: "POST",
        url: `/api/admin/questions/${id}/moderation`,
        headers: admin,
        payload: { action: "approve" },
      });
      expect(await answerMails(asker)).toHaveLength(0);
      for (const answer of ["Yes, the core is fully waterproof.", "It is, and so are the seams."]) {
        const sent = await t.app.inject({
          method: "POST",
          url: `/api/admin/questions/${id}/moderation`,
          headers: admin,
          payload: { action: "answer", answer },
        });
        expect(sent.statusCode).toBe(200);
      }
      const mails = await answerMails(asker);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe("Your question about Answered Hickory has an answer");
      expect(mails[0]?.text).toContain("Is it waterproof?");
      expect(mails[0]?.text).toContain("Yes, the core is fully waterproof.");
      expect(mails[0]?.text).not.toContain("so are the seams");
      expect(mails[0]?.text).toContain(`/products/${product.id}#questions`);
    });

    it("the same answer sent twice at once (a double click) is published once", async () => {
      const product = await createProduct(db(), { name: "Twice Answered Ash" });
      address += 1;
      const asked = await t.app.inject({
        method: "POST",
        url: `/api/products/${product.id}/questions`,
        payload: {
          name: "Sam Twice",
          email: "twice@example.com",
          question: "Can it go on stairs?",
        },
        remoteAddress: `198.51.100.${address}`,
      });
      const id = asked.json().id;
      const answer = "Yes, with the matching stair nose.";
      const sent = await Promise.all(
        [1, 2].map(() =>
          t.app.inject({
            method: "POST",
            url: `/api/admin/questions/${id}/moderation`,
            headers: admin,
            payload: { action: "answer", answer },
          }),
        ),
      );
      expect(sent.map((res) => res.statusCode)).toEqual([200, 200]);
      const shown = await t.app.inject({ url: `/api/products/${product.id}/questions` });
      const answers = JSON.stringify(shown.json());
      expect(answers.split(answer).length - 1).toBe(1);
      expect(await answerMails("twice@example.com")).toHaveLength(1);
    });

    it("a rejected question is never emailed; an approved buyer's answer is, once", async () => {
      const product = await createProduct(db(), { name: "Answered Walnut" });
      await createOrder(db(), {
        customer_email: "walnut-owner@example.com",
        lines: [{ product, quantity: 2 }],
      });
      await setBuyersMayAnswer(true);
      const asker = "asker-buyer@example.com";
      const askAs = async (question: string) => {
        address += 1;
        return (
          await t.app.inject({
            method: "POST",
            url: `/api/products/${product.id}/questions`,
            payload: { name: "Lee Park", email: asker, question },
            remoteAddress: `198.51.100.${address}`,
          })
        ).json().id;
      };
      const ignored = await askAs("Can I have it for free?");
      await t.app.inject({
        method: "POST",
        url: `/api/admin/questions/${ignored}/moderation`,
        headers: admin,
        payload: { action: "reject", reason: "Not about the floor" },
      });
      const asked = await askAs("Does it scratch easily?");
      await t.app.inject({
        method: "POST",
        url: `/api/admin/questions/${asked}/moderation`,
        headers: admin,
        payload: { action: "approve" },
      });
      for (const text of ["Not with felt pads under the chairs.", "Ours has held up well."]) {
        const sent = await t.app.inject({
          method: "POST",
          url: `/api/products/${product.id}/questions/${asked}/answers`,
          payload: { name: "Casey Moore", email: "walnut-owner@example.com", answer: text },
        });
        expect(sent.statusCode).toBe(201);
      }
      expect(await answerMails(asker)).toHaveLength(0);
      const queue = await t.app.inject({ url: "/api/admin/questions", headers: admin });
      const waiting = queue.json().questions.find((q: { id: number }) => q.id === asked);
      for (const answer of waiting.answers)
        await t.app.inject({
          method: "POST",
          url: `/api/admin/answers/${answer.id}/moderation`,
          headers: admin,
          payload: { action: "approve" },
        });
      const mails = await answerMails(asker);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain("Does it scratch easily?");
      expect(mails[0]?.text).toContain("Not with felt pads under the chairs.");
      expect(mails[0]?.text).toContain("Casey M.");
      expect(mails[0]?.text).not.toContain("Can I have it for free?");
      await setBuyersMayAnswer(false);
    });

    it("verified buyers answer only when the owner allows it, and their answers are moderated", async () => {
      const product = await createProduct(db());
      await createOrder(db(), {
        customer_email: "owner-of-floor@example.com",
        lines: [{ product, quantity: 2 }],
      });
      const asked = (await ask(product.id, "Does it feel hollow when you walk on it?")).json().id;
      await t.app.inject({
        method: "POST",
        url: `/api/admin/questions/${asked}/moderation`,
        headers: admin,
        payload: { action: "approve" },
      });
      const answer = (email: string) =>
        t.app.inject({
          method: "POST",
          url: `/api/products/${product.id}/questions/${asked}/answers`,
          payload: { name: "Casey Moore", email, answer: "Not with the underlayment." },
        });
      await setBuyersMayAnswer(false);
      expect((await answer("owner-of-floor@example.com")).statusCode).toBe(403);
      await setBuyersMayAnswer(true);
      const stranger = await answer("someone@example.com");
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().detail).toContain("Only shoppers who bought this floor");
      const buyer = await answer("owner-of-floor@example.com");
      expect(buyer.statusCode).toBe(201);
      expect((await answered(product.id)).questions).toEqual([]);

      const queue = await t.app.inject({ url: "/api/admin/questions", headers: admin });
      const waiting = queue.json().questions.find((q: { id: number }) => q.id === asked);
      expect(waiting.answers[0]).toMatchObject({ author_kind: "buyer", status: "pending" });
      await t.app.inject({
        method: "POST",
        url: `/api/admin/answers/${waiting.answers[0].id}/moderation`,
        headers: admin,
        payload: { action: "approve" },
      });
      const shown = await answered(product.id);
      expect(shown.buyers_may_answer).toBe(true);
      expect(shown.questions[0].answers[0]).toMatchObject({
        author_kind: "buyer",
        author: "Casey M.",
        text: "Not with the underlayment.",
      });
      await setBuyersMayAnswer(false);
    });
  });
});
