import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../../test/test-app.ts";
import { deliveryClaims, mailOutbox } from "../../db/schema/index.ts";

const admin = { "admin-password": testAdminPassword };
/** A real 1×1 PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");
const maxPhotoBytes = 1024 * 1024;

interface Photo {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body as a browser's FormData sends it. */
async function claimForm(fields: Record<string, string>, photos: Photo[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const photo of photos)
    form.append(
      "photos",
      new Blob([photo.bytes], { type: photo.type ?? "image/jpeg" }),
      photo.name,
    );
  const request = new Request("http://store.test/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

describe("damage and shortage claims from /track", () => {
  let t: TestApp;
  let dataDir: string;
  let address = 0;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "mcf-claims-"));
    t = await createTestApp({ config: { dataDir, claimPhotoMaxBytes: maxPhotoBytes } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Each claim comes from its own address: claims are limited per network per hour. */
  async function sendClaim(
    token: string,
    fields: Record<string, string>,
    photos: Photo[] = [],
    extraHeaders: Record<string, string> = {},
  ) {
    const body = await claimForm(fields, photos);
    address += 1;
    return t.app.inject({
      method: "POST",
      url: `/api/track/${token}/claims`,
      payload: body.payload,
      headers: { ...body.headers, ...extraHeaders },
      remoteAddress: `192.0.2.${address}`,
    });
  }
  const shippedOrder = async (email = "claims@example.com") => {
    const product = await createProduct(t.database.db);
    return createOrder(t.database.db, {
      status: "shipped",
      shipped_at: new Date(),
      shipping_carrier: "Saia",
      tracking_number: "1234567890",
      customer_email: email,
      lines: [{ product, quantity: 6 }],
    });
  };
  const storedFiles = async () => {
    try {
      return (await readdir(join(dataDir, "claims"), { recursive: true })).filter((f) =>
        f.includes("."),
      );
    } catch {
      return [];
    }
  };
  const claimCount = async (orderId: string) =>
    (await t.database.db.select().from(deliveryClaims).where(eq(deliveryClaims.order_id, orderId)))
      .length;

  it("a damage claim with a photo lands in the staff inbox with its photo, and the staff are emailed", async () => {
    const order = await shippedOrder("damaged@example.com");
    const res = await sendClaim(
      order.tracking_token,
      {
        kind: "damage",
        boxes_affected: "2",
        description: "Two boxes arrived with crushed corners; noted on the receipt.",
      },
      [{ name: "IMG_0042.JPG", bytes: png }],
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toContain("Your claim reached our team");

    const list = await t.app.inject({ url: "/api/admin/claims", headers: admin });
    const claim = list.json().claims.find((c: { order_id: string }) => c.order_id === order.id);
    expect(claim).toMatchObject({
      friendly_order_id: order.friendly_order_id,
      customer_email: "damaged@example.com",
      shipping_carrier: "Saia",
      kind: "damage",
      boxes_affected: 2,
      total_cartons: 6,
      status: "new",
      photos: [{ index: 0, content_type: "image/png", bytes: png.length }],
    });
    const photo = await t.app.inject({
      url: `/api/admin/claims/${claim.id}/photos/0`,
      headers: admin,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/png");
    expect(photo.rawPayload.equals(png)).toBe(true);
    // Stored under DATA_DIR/claims, named by its sniffed type, not the sender's ".JPG".
    expect((await storedFiles()).some((file) => file.endsWith("0.png"))).toBe(true);
    // Staff only with the admin password.
    const anonymous = await t.app.inject({ url: `/api/admin/claims/${claim.id}/photos/0` });
    expect(anonymous.statusCode).toBe(401);

    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Damage claim on order ${order.friendly_order_id}`));
    expect(mail?.reply_to).toBe("damaged@example.com");
    expect(mail?.text).toContain("Boxes affected: 2 of 6");

    const updated = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/claims/${claim.id}`,
      headers: admin,
      payload: { status: "contacted", staff_note: "Filed with Saia, claim 55-001" },
    });
    expect(updated.json()).toMatchObject({
      status: "contacted",
      staff_note: "Filed with Saia, claim 55-001",
    });
  });

  it("a shortage claim needs no photo", async () => {
    const order = await shippedOrder();
    const res = await sendClaim(order.tracking_token, {
      kind: "shortage",
      boxes_affected: "1",
      description: "Only 5 of the 6 boxes came off the truck.",
    });
    expect(res.statusCode).toBe(201);
    expect(await claimCount(order.id)).toBe(1);
  });

  it("refuses a photo that is not an image, one too large, and bad fields, with a clear message and nothing kept", async () => {
    const order = await shippedOrder();
    const filesBefore = await storedFiles();
    const good = {
      kind: "damage",
      boxes_affected: "1",
      description: "One box was torn open.",
    };
    const cases: Array<[Record<string, string>, Photo[], string]> = [
      [good, [{ name: "receipt.jpg", bytes: pdf }], '"receipt.jpg" is not a photo we can read'],
      [
        good,
        [
          { name: "ok.png", bytes: png },
          { name: "huge.png", bytes: Buffer.concat([png, Buffer.alloc(maxPhotoBytes)]) },
        ],
        '"huge.png" is larger than 1 MB',
      ],
      [good, [], "Please add at least one photo of the damage"],
      [{ ...good, boxes_affected: "7" }, [{ name: "a.png", bytes: png }], "between 1 and 6"],
      [{ ...good, boxes_affected: "0" }, [], "Boxes affected must be at least 1"],
      [{ ...good, description: "" }, [], "Please describe what happened"],
      [{ ...good, kind: "lost" }, [], "Please choose damage or shortage"],
      [
        good,
        Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, bytes: png })),
        "at most 5 photos",
      ],
    ];
    for (const [fields, photos, message] of cases) {
      const res = await sendClaim(order.tracking_token, fields, photos);
      expect(res.statusCode, message).toBe(422);
      const detail = res.json().detail;
      expect(typeof detail === "string" ? detail : JSON.stringify(detail)).toContain(message);
    }
    expect(await claimCount(order.id)).toBe(0);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it("refuses a claim before the order ships, for an unknown link, as JSON, or from another site", async () => {
    const unshipped = await createOrder(t.database.db);
    const early = await sendClaim(unshipped.tracking_token, {
      kind: "shortage",
      boxes_affected: "1",
      description: "Nothing came yet at all.",
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toContain("once your order has shipped");

    const unknown = await sendClaim("no-such-token", {
      kind: "shortage",
      boxes_affected: "1",
      description: "Nothing came yet at all.",
    });
    expect(unknown.statusCode).toBe(404);

    const order = await shippedOrder();
    const json = await t.app.inject({
      method: "POST",
      url: `/api/track/${order.tracking_token}/claims`,
      payload: { kind: "shortage", boxes_affected: 1, description: "Sent as JSON instead." },
      remoteAddress: "192.0.2.250",
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().detail).toContain("multipart/form-data");

    const crossSite = await sendClaim(
      order.tracking_token,
      { kind: "shortage", boxes_affected: "1", description: "From another site entirely." },
      [],
      { origin: "https://evil.example" },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(await claimCount(order.id)).toBe(0);
  });
});
