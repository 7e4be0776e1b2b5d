import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Where the resized copies of product photos live. Names are content-hashed
 * (`{id}-{width}.{format}`), so a name is written once and never changes content. Only a disk
 * folder is built (DATA_DIR/products, a folder every process shares); an S3-compatible bucket
 * would be a second implementation of this interface (docs/decisions/082).
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
