import type { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../test/factories.ts";
import { createTestDatabase } from "../../test/test-database.ts";
import { bumpContentVersion } from "../modules/content/content.service.ts";
import { changeVersions } from "./change-versions.ts";
import type { Database } from "./client.ts";

describe("the store's change versions", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("a product change moves the catalogue version only, a content change the content version only", async () => {
    const versions = await changeVersions(database);
    expect(await changeVersions(database)).toBe(versions);
    const start = await versions.both();

    await createProduct(database.db, { name: "Version Oak" });
    const afterProduct = await versions.both();
    expect(afterProduct.catalog).not.toBe(start.catalog);
    expect(afterProduct.content).toBe(start.content);
    expect(await versions.catalog()).toBe(afterProduct.catalog);

    await database.db.transaction((tx) => bumpContentVersion(tx));
    const afterContent = await versions.both();
    expect(afterContent.catalog).toBe(afterProduct.catalog);
    expect(afterContent.content).not.toBe(afterProduct.content);
    expect(await versions.content()).toBe(afterContent.content);
  });
});

describe("the change versions on PostgreSQL", () => {
  it("requests arriving together, whichever cache asks, share one query for both versions", async () => {
    const queries: string[] = [];
    const database = {
      db: {
        execute: async (query: ReturnType<typeof sql>) => {
          queries.push(String(query.queryChunks.length));
          await new Promise((resolve) => setTimeout(resolve, 5));
          return { rows: [{ catalog: "7", content: "3" }] };
        },
      },
    } as unknown as Database;
    const versions = await changeVersions(database);
    const answers = await Promise.all([
      versions.catalog(),
      versions.content(),
      versions.both(),
      versions.catalog(),
    ]);
    expect(answers).toEqual(["7", "3", { catalog: "7", content: "3" }, "7"]);
    // One read for the first caller, one shared by all who arrived while it ran.
    expect(queries).toHaveLength(2);
  });
});
