import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type IReporterOutput } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";

/** The repository's boundary rules, as `npm run check:boundaries` reads them. */
const { forbidden } = createRequire(import.meta.url)("../../.dependency-cruiser.cjs");

describe("the table ownership rule", () => {
  const root = mkdtempSync(join(tmpdir(), "table-owners-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const file = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it("refuses a module reading another module's schema file or the schema index, and allows its own", async () => {
    file("server/src/db/schema/coupons.ts", "export const coupons = 1;\n");
    file("server/src/db/schema/orders.ts", "export const orders = 1;\n");
    file("server/src/db/schema/partners.ts", "export const aceUsers = 1;\n");
    file(
      "server/src/db/schema/index.ts",
      'export * from "./coupons.ts";\nexport * from "./orders.ts";\nexport * from "./partners.ts";\n',
    );
    file(
      "server/src/modules/coupons/own.ts",
      'export { coupons } from "../../db/schema/coupons.ts";\n',
    );
    file(
      "server/src/modules/coupons/theirs.ts",
      'export { aceUsers } from "../../db/schema/partners.ts";\n',
    );
    file("server/src/modules/orders/everything.ts", 'export * from "../../db/schema/index.ts";\n');
    file(
      "server/src/modules/gadgets/new-module.ts",
      'export * from "../../db/schema/orders.ts";\n',
    );
    file("server/src/plugins/reach.ts", 'export * from "../db/schema/orders.ts";\n');
    file("server/src/mail/outbox.ts", 'export * from "../db/schema/index.ts";\n');

    const result = (await cruise(["server"], {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden },
      tsPreCompilationDeps: true,
    })) as IReporterOutput;
    const output = result.output as {
      summary: { violations: Array<{ from: string; rule: { name: string } }> };
    };
    const refused = output.summary.violations
      .filter((v) => v.rule.name !== "no-cycles")
      .map((v) => `${v.from} ${v.rule.name}`)
      .sort();
    expect(refused).toEqual([
      "server/src/mail/outbox.ts schema-index-for-db-only",
      "server/src/modules/coupons/theirs.ts tables-of-coupons",
      "server/src/modules/gadgets/new-module.ts tables-of-unlisted-module",
      "server/src/modules/orders/everything.ts schema-index-for-db-only",
      "server/src/modules/orders/everything.ts tables-of-orders",
      "server/src/plugins/reach.ts tables-outside-modules",
    ]);
  });
});
