import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { productImageUrl } from "@mcf/contracts/product-image-urls";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../../test/test-app.ts";

const admin = { "admin-password": testAdminPassword };
const maxBytes = 1024 * 1024;
const maxPixels = 4_000_000;

interface Upload {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body as the editor's FormData sends it. */
async function imageForm(files: Upload[]) {
  const form = new FormData();
  for (const file of files)
    form.append("images", new Blob([file.bytes], { type: file.type ?? "image/jpeg" }), file.name);
  const request = new Request("http://store.test/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

/** A real camera-style JPEG: a gradient with EXIF (camera, copyright) and an orientation tag. */
async function cameraJpeg(width: number, height: number, orientation = 1): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 90;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withMetadata({
      orientation,
      exif: { IFD0: { Make: "Secret Camera Co", Copyright: "Private Owner" } },
    })
    .toBuffer();
}

/** Random pixels compress badly: a JPEG of them is large for its size. */
async function noiseJpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = Math.floor(Math.random() * 256);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

describe("product photos: upload, resize, serve, order and delete", () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "mcf-product-images-"));
    t = await createTestApp({
      config: { dataDir, productImageMaxBytes: maxBytes, productImageMaxPixels: maxPixels },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const storedFiles = async () =>
    (await readdir(join(dataDir, "products")).catch(() => [] as string[])).sort();

  async function upload(productId: number, files: Upload[], headers = admin) {
    const body = await imageForm(files);
    return t.app.inject({
      method: "POST",
      url: `/api/admin/products/${productId}/images`,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  }

  it("a real JPEG becomes WebP and AVIF copies at every width, served with a year-long cache and without its EXIF", async () => {
    const product = await createProduct(t.database.db, { name: "Upload Oak" });
    // The public answer is cached per catalogue version: read it once before the upload.
    const before = await t.app.inject(`/api/products/${product.id}`);
    expect(before.json().images).toEqual([]);

    const res = await upload(product.id, [
      { name: "oak-room.jpg", bytes: await cameraJpeg(1800, 1200) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [image] = res.json().images;
    expect(image).toMatchObject({ width: 1600, height: 1067, widths: [320, 640, 960, 1280, 1600] });

    // The product page shows it at once (the catalogue version moved).
    const after = await t.app.inject(`/api/products/${product.id}`);
    expect(after.json().images).toEqual([image]);

    const webp = await t.app.inject(productImageUrl(image.id, 640, "webp"));
    expect(webp.statusCode).toBe(200);
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect(webp.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const webpMeta = await sharp(webp.rawPayload).metadata();
    expect(webpMeta).toMatchObject({ format: "webp", width: 640, height: 427 });
    expect(webpMeta.exif).toBeUndefined();
    const served = (await t.app.inject(productImageUrl(image.id, 1600, "webp"))).rawPayload;
    expect(served.includes(Buffer.from("Secret Camera Co"))).toBe(false);

    const avif = await t.app.inject(productImageUrl(image.id, 320, "avif"));
    expect(avif.statusCode).toBe(200);
    expect(avif.headers["content-type"]).toBe("image/avif");
    expect((await sharp(avif.rawPayload).metadata()).width).toBe(320);
    expect(await storedFiles()).toHaveLength(10);

    // A width that was never made is not there.
    expect((await t.app.inject(productImageUrl(image.id, 2000, "webp"))).statusCode).toBe(404);
    expect((await t.app.inject("/media/products/..%2F..%2Fetc%2Fpasswd")).statusCode).toBe(404);
  });

  it("a photo taken sideways is turned upright; one narrower than every width keeps its own", async () => {
    const product = await createProduct(t.database.db, { name: "Upright Maple" });
    // Stored 300×200 with orientation 6 (turn 90°): the photo is 200 wide, 300 high.
    const res = await upload(product.id, [
      { name: "side.jpg", bytes: await cameraJpeg(300, 200, 6) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [image] = res.json().images;
    expect(image).toMatchObject({ width: 200, height: 300, widths: [200] });
    const copy = await t.app.inject(productImageUrl(image.id, 200, "webp"));
    const meta = await sharp(copy.rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([200, 300, undefined]);
  });

  it("a text file renamed .jpg is refused with a clear message and nothing is kept", async () => {
    const product = await createProduct(t.database.db, { name: "Renamed Walnut" });
    const filesBefore = await storedFiles();
    const res = await upload(product.id, [
      { name: "ok.jpg", bytes: await cameraJpeg(400, 300) },
      { name: "notes.jpg", bytes: Buffer.from("These are my notes, not a photo.\n".repeat(20)) },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail:
        '"notes.jpg" is not an image we can read. Please upload JPEG, PNG, WebP or AVIF files.',
    });
    const saved = await t.app.inject({ url: `/api/admin/products/${product.id}`, headers: admin });
    expect(saved.json().images).toEqual([]);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it("an image over the size limit, or over the pixel limit, is refused and nothing is kept", async () => {
    const product = await createProduct(t.database.db, { name: "Limits Hickory" });
    const filesBefore = await storedFiles();
    const large = await noiseJpeg(1200, 1200);
    expect(large.length).toBeGreaterThan(maxBytes);
    const tooLarge = await upload(product.id, [{ name: "huge.jpg", bytes: large }]);
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().detail).toBe(
      '"huge.jpg" is larger than 1 MB. Please upload a smaller image.',
    );

    const wide = await sharp({
      create: { width: 2500, height: 2000, channels: 3, background: "#8a6a4a" },
    })
      .jpeg()
      .toBuffer();
    expect(wide.length).toBeLessThan(maxBytes);
    const tooMany = await upload(product.id, [{ name: "panorama.jpg", bytes: wide }]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toBe(
      '"panorama.jpg" is 2500 × 2000 pixels; an image may have at most 4 megapixels. Please upload a smaller image.',
    );
    const saved = await t.app.inject({ url: `/api/admin/products/${product.id}`, headers: admin });
    expect(saved.json().images).toEqual([]);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it("photos keep the order staff set; a deleted photo leaves the product and its files go", async () => {
    const product = await createProduct(t.database.db, { name: "Order Cherry" });
    const first = await cameraJpeg(700, 500);
    const second = await cameraJpeg(640, 640);
    const res = await upload(product.id, [
      { name: "first.jpg", bytes: first },
      { name: "second.png", bytes: await sharp(second).png().toBuffer(), type: "image/png" },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [a, b] = res.json().images as Array<{ id: string; widths: number[] }>;
    if (!a || !b) throw new Error("two images expected");
    expect(a.widths).toEqual([320, 640]);

    // The same photo again is not added twice.
    const again = await upload(product.id, [{ name: "first-again.jpg", bytes: first }]);
    expect(again.json().images.map((i: { id: string }) => i.id)).toEqual([a.id, b.id]);

    const reordered = await t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${product.id}/images/order`,
      headers: admin,
      payload: { image_ids: [b.id, a.id] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const shown = await t.app.inject(`/api/products/${product.id}`);
    expect(shown.json().images.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);

    const partial = await t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${product.id}/images/order`,
      headers: admin,
      payload: { image_ids: [b.id] },
    });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().detail).toBe(
      "The new order must list each of the product's photos once.",
    );

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/products/${product.id}/images/${b.id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().images.map((i: { id: string }) => i.id)).toEqual([a.id]);
    expect((await t.app.inject(productImageUrl(b.id, 320, "webp"))).statusCode).toBe(404);
    expect((await t.app.inject(productImageUrl(a.id, 320, "webp"))).statusCode).toBe(200);

    const gone = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/products/${product.id}/images/${b.id}`,
      headers: admin,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: "Photo not found" });

    // Deleting the product takes its photos' files with it.
    await t.app.inject({
      method: "DELETE",
      url: `/api/admin/products/${product.id}`,
      headers: admin,
    });
    expect((await t.app.inject(productImageUrl(a.id, 320, "webp"))).statusCode).toBe(404);
  });

  it("an upload for a product that does not exist is 404 and keeps nothing", async () => {
    const filesBefore = await storedFiles();
    const res = await upload(999999, [{ name: "x.jpg", bytes: await cameraJpeg(400, 300) }]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Product not found" });
    expect(await storedFiles()).toEqual(filesBefore);
  });
});
