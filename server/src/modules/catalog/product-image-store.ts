import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AwsClient } from "aws4fetch";
import { AppError } from "../../errors.ts";

/**
 * Where the resized copies of product photos live. Names are content-hashed
 * (`{id}-{width}.{format}`), so a name is written once and never changes content. A folder on
 * disk (DATA_DIR/products, a folder every process shares) or, when configured, an S3-compatible
 * bucket (docs/decisions/082).
 */
export interface ProductImageStore {
  /** Keeps `bytes` under `name`; a reader never sees a half-written file. */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
  /** Removes these files (missing ones are ignored). */
  remove(names: string[]): Promise<void>;
}

/** The store in a folder on disk: DATA_DIR/products. */
export function createDiskImageStore(folder: string): ProductImageStore {
  let made: Promise<unknown> | null = null;
  return {
    async put(name, bytes) {
      made ??= mkdir(folder, { recursive: true });
      await made;
      // Written beside the final name, then renamed: another process reading the same shared
      // folder sees the old state or the whole file.
      const temporary = join(folder, `.${name}.${randomUUID()}.part`);
      await writeFile(temporary, bytes);
      await rename(temporary, join(folder, name));
    },
    async get(name) {
      try {
        return await readFile(join(folder, name));
      } catch (error) {
        if ((error as { code?: string }).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(join(folder, name), { force: true })));
    },
  };
}

/** The store's folder under DATA_DIR. */
export function productImageFolder(dataDir: string): string {
  return join(dataDir, "products");
}

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2…), addressed by path. */
export interface S3Bucket {
  /** e.g. https://s3.us-east-1.amazonaws.com or https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const imageContentType = (name: string) => (name.endsWith(".avif") ? "image/avif" : "image/webp");

/**
 * The store in an S3-compatible bucket: each copy is one object named like its file, signed with
 * AWS Signature V4. The store still serves `/media/products/*` itself (with its year-long cache),
 * so the bucket may stay private.
 */
export function createS3ImageStore(target: S3Bucket): ProductImageStore {
  const client = new AwsClient({
    accessKeyId: target.accessKeyId,
    secretAccessKey: target.secretAccessKey,
    region: target.region,
    service: "s3",
  });
  const base = `${target.endpoint.replace(/\/$/, "")}/${encodeURIComponent(target.bucket)}`;
  const objectUrl = (name: string) => `${base}/${encodeURIComponent(name)}`;
  // The bucket's answer may name the account: staff see only its status.
  const refused = async (what: string, response: Response) => {
    await response.arrayBuffer();
    return new AppError(
      "unavailable",
      `The photo storage refused to ${what} (HTTP ${response.status}). Nothing was changed; try again, or check the S3 settings.`,
    );
  };
  return {
    async put(name, bytes) {
      // An object appears whole or not at all, so readers never see half a photo.
      const response = await client.fetch(objectUrl(name), {
        method: "PUT",
        body: bytes,
        headers: { "content-type": imageContentType(name) },
      });
      if (!response.ok) throw await refused("keep a photo", response);
      await response.arrayBuffer();
    },
    async get(name) {
      const response = await client.fetch(objectUrl(name));
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await refused("send a photo", response);
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(names) {
      // S3 answers 204 for a missing object too, so a removed photo can be removed again.
      await Promise.all(
        names.map(async (name) => {
          const response = await client.fetch(objectUrl(name), { method: "DELETE" });
          if (!response.ok && response.status !== 404)
            throw await refused("remove a photo", response);
          await response.arrayBuffer();
        }),
      );
    },
  };
}

/** The configured store: the bucket when one is set, else DATA_DIR/products. */
export function createProductImageStore(config: {
  dataDir: string;
  productImageBucket: S3Bucket | null;
}): ProductImageStore {
  return config.productImageBucket
    ? createS3ImageStore(config.productImageBucket)
    : createDiskImageStore(productImageFolder(config.dataDir));
}
