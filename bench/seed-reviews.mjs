// Gives a product approved reviews (three with photos) and answered questions through the API,
// so Lighthouse audits a product page with reviews (the bench's fresh store has none). run.mjs
// calls it before its Lighthouse runs; also runnable alone:
//   node bench/seed-reviews.mjs http://127.0.0.1:4300 27   (ADMIN_PASSWORD as the server's)
//   node bench/lighthouse.mjs http://127.0.0.1:4300/products/27 5
// Each review comes from its own X-Forwarded-For address (the server trusts loopback proxies):
// reviews are limited per network per hour.
import { createRequire } from "node:module";

const require = createRequire(new URL("../server/package.json", import.meta.url));
const sharp = require("sharp");
const admin = { "admin-password": process.env.ADMIN_PASSWORD ?? "bench-admin-password" };
const names = [
  "Jordan Carter",
  "Sam Lee",
  "Ana Ruiz",
  "Chris Park",
  "Dana Price",
  "Lee Moore",
  "Riley Brooks",
  "Casey Stone",
  "Morgan Hill",
  "Taylor Reed",
  "Jamie Fox",
  "Alex Kim",
];
/** Twelve approved reviews and three answered questions on `productId`; logs the rating. */
export async function seedReviews(base, productId, log = console.log) {
  let n = 0;
  for (const [i, name] of names.entries()) {
    const form = new FormData();
    form.append("rating", String(5 - (i % 3)));
    form.append(
      "title",
      `Review ${i + 1}: held up well in the ${i % 2 ? "kitchen" : "living room"}`,
    );
    form.append(
      "body",
      "Installed it last spring. Easy to clean, no scratches from the dogs so far, and the color matches the samples we ordered. Would buy again for the rest of the house.",
    );
    form.append("name", name);
    form.append("email", `reviewer${i}@example.com`);
    form.append("room", i % 2 ? "Kitchen" : "Living room");
    form.append("floor_use", "Pets");
    if (i < 3) {
      const bytes = await sharp({
        create: {
          width: 1200,
          height: 900,
          channels: 3,
          background: { r: 120 + i * 30, g: 100, b: 70 },
        },
      })
        .jpeg()
        .toBuffer();
      form.append("photos", new Blob([bytes], { type: "image/jpeg" }), `room-${i}.jpg`);
    }
    const res = await fetch(`${base}/api/products/${productId}/reviews`, {
      method: "POST",
      body: form,
      headers: { origin: base, "x-forwarded-for": `198.51.100.${i + 10}` },
    });
    const body = await res.json();
    if (res.status !== 201) {
      log(`  review ${res.status} ${JSON.stringify(body)}`);
      continue;
    }
    const ok = await fetch(`${base}/api/admin/reviews/${body.review_id}/moderation`, {
      method: "POST",
      headers: { ...admin, "content-type": "application/json" },
      body: JSON.stringify({ action: "approve" }),
    });
    if (ok.status === 200) n++;
  }
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${base}/api/products/${productId}/questions`, {
      method: "POST",
      headers: {
        origin: base,
        "content-type": "application/json",
        "x-forwarded-for": `198.51.100.${i + 50}`,
      },
      body: JSON.stringify({
        name: "Pat Doe",
        email: `asker${i}@example.com`,
        question: `Question ${i + 1}: can this go in a basement over concrete?`,
      }),
    });
    const body = await res.json();
    await fetch(`${base}/api/admin/questions/${body.id}/moderation`, {
      method: "POST",
      headers: { ...admin, "content-type": "application/json" },
      body: JSON.stringify({ action: "answer", answer: "Yes, with a vapor barrier underlayment." }),
    });
  }
  const p = await (await fetch(`${base}/api/products/${productId}`)).json();
  log(`  approved ${n}; product ${productId}: rating ${p.rating_average} x ${p.rating_count}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, productId] = process.argv.slice(2);
  await seedReviews(base, productId);
}
