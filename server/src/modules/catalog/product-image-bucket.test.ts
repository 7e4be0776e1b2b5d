import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { productImageUrl } from "@mcf/contracts/product-image-urls";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../../test/test-app.ts";
import { readConfig } from "../../config.ts";
import { createS3ImageStore, type S3Bucket } from "./product-image-store.ts";

const admin = { "admin-password": testAdminPassword };

/** A real S3 API on loopback (s3rver checks Signature V4 with its own key pair). */
async function startBucketServer(directory: string) {
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: "store-photos" }],
  });
  const address = await server.run();
  const bucket: S3Bucket = {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket: "store-photos",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  return { server, bucket };
}

async function jpegForm(width: number, height: number) {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 150, g: 110, b: 70 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("images", new Blob([bytes], { type: "image/jpeg" }), "floor.jpg");
  const request = new Request("http://store.test/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

describe("product photos in an S3-compatible bucket", () => {
  let t: TestApp;
  let dataDir: string;
  let bucketDir: string;
  let bucketServer: S3rver;
  let bucket: S3Bucket;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "mcf-bucket-data-"));
    bucketDir = await mkdtemp(join(tmpdir(), "mcf-bucket-"));
    ({ server: bucketServer, bucket } = await startBucketServer(bucketDir));
    t = await createTestApp({ config: { dataDir, productImageBucket: bucket } });
  });
  afterAll(async () => {
    await t.close();
    await bucketServer.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(bucketDir, { recursive: true, force: true });
  });

  it("keeps the resized copies in the bucket, serves them with the year-long cache, and removes them with the photo", async () => {
    const product = await createProduct(t.database.db, { name: "Bucket Hickory" });
    const form = await jpegForm(900, 600);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/products/${product.id}/images`,
      payload: form.payload,
      headers: { ...form.headers, ...admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [image] = res.json().images;
    // Widths up to the photo's own: 900 px wide makes 320 and 640.
    expect(image.widths).toEqual([320, 640]);

    // The bucket holds each copy; nothing was written under DATA_DIR.
    const store = createS3ImageStore(bucket);
    const stored = await store.get(`${image.id}-640.webp`);
    expect(stored && (await sharp(stored).metadata())).toMatchObject({
      format: "webp",
      width: 640,
    });
    expect(await readdir(dataDir)).not.toContain("products");

    const served = await t.app.inject(productImageUrl(image.id, 320, "avif"));
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/avif");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(served.rawPayload).metadata()).width).toBe(320);

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/products/${product.id}/images/${image.id}`,
      headers: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await store.get(`${image.id}-640.webp`)).toBeNull();
    expect((await t.app.inject(productImageUrl(image.id, 320, "avif"))).statusCode).toBe(404);
  });

  it("a bucket that refuses the photo fails the upload with a clear 503 and nothing kept on the product", async () => {
    const product = await createProduct(t.database.db, { name: "Refused Walnut" });
    const wrongKeys = await createTestApp({
      database: t.database,
      config: { dataDir, productImageBucket: { ...bucket, bucket: "no-such-bucket" } },
    });
    try {
      const form = await jpegForm(400, 300);
      const res = await wrongKeys.app.inject({
        method: "POST",
        url: `/api/admin/products/${product.id}/images`,
        payload: form.payload,
        headers: { ...form.headers, ...admin },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().detail).toBe(
        "The photo storage refused to keep a photo (HTTP 404). Nothing was changed; try again, or check the S3 settings.",
      );
    } finally {
      await wrongKeys.close();
    }
    const after = await t.app.inject(`/api/products/${product.id}`);
    expect(after.json().images).toEqual([]);
  });
});

describe("the bucket settings", () => {
  const base = { NODE_ENV: "test" };
  it("are all or nothing: a bucket without its keys stops the start naming what is missing", () => {
    expect(() => readConfig({ ...base, S3_BUCKET: "photos" })).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set with S3_BUCKET/,
    );
    expect(() =>
      readConfig({
        ...base,
        S3_ENDPOINT: "s3.example.com",
        S3_BUCKET: "photos",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
      }),
    ).toThrow(/S3_ENDPOINT: must be the bucket service's URL/);
  });

  it("given together, send product photos to the bucket (region us-east-1 unless set)", () => {
    const config = readConfig({
      ...base,
      S3_ENDPOINT: "https://s3.us-east-1.amazonaws.com",
      S3_BUCKET: "photos",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.productImageBucket).toEqual({
      endpoint: "https://s3.us-east-1.amazonaws.com",
      bucket: "photos",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
    });
    expect(readConfig(base).productImageBucket).toBeNull();
  });
});
