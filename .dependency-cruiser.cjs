/**
 * The boundary rule, checked in CI by `npm run check:boundaries` (docs/decisions/048-boundary-rule.md):
 * no import cycles; a server module reaches another module only through its public entry
 * `modules/<name>/<name>.service.ts`; a web feature never imports another feature.
 * Type-only imports count: a type from another module's internals couples to them just the same.
 */

const fs = require("node:fs");
const path = require("node:path");

/** A server file outside modules/ that is not a test. */
const serverOutsideModules = "^server/src/(?!modules/)";
const test = "\\.test\\.tsx?$";

/** app.ts composes the HTTP surface: besides public entries, it registers every module's routes. */
const appTs = "^server/src/app\\.ts$";
const publicEntry = "^server/src/modules/([^/]+)/\\1\\.service\\.ts$";

/**
 * The contracts that import zod (schemas, read from the files): the browser may take only their
 * types. zod is about 25 KB of gzip on every page that reaches it; constants and helpers the
 * browser needs live in zod-free files (`*-options.ts`, `product-image-urls.ts`, ...).
 */
const contractsDir = path.join(__dirname, "packages/contracts/src");
const zodContracts = fs
  .readdirSync(contractsDir)
  .filter((name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name))
  .filter((name) => /from "zod"/.test(fs.readFileSync(path.join(contractsDir, name), "utf8")))
  .map((name) => name.replace(/\.ts$/, "").replace(/[.-]/g, "\\$&"));
const zodContract = `^packages/contracts/src/(${zodContracts.join("|")})\\.ts$`;

/**
 * Who owns each table: module -> the schema files (server/src/db/schema/<file>.ts) holding its
 * tables. A module's code imports only its own schema files; another module's tables are reached
 * through that module's public entry. `columns.ts` holds shared column helpers, not tables.
 * A new table goes in a schema file listed here under the one module that writes it.
 */
const tableOwners = {
  accounts: ["accounts"],
  reviews: ["reviews"],
  audit: ["audit"],
  catalog: ["catalog"],
  claims: ["claims"],
  coupons: ["coupons"],
  installs: ["installs"],
  leads: ["leads"],
  orders: ["orders", "order-payments", "shipments"],
  partners: ["partners"],
  payments: ["payments"],
  purchasing: ["purchasing"],
  settings: ["settings"],
  staff: ["staff"],
  stock: ["stock"],
};

/**
 * The only reads (and one write) across owners, each with its reason. Keep this list short: a
 * new entry needs a reason no public entry can meet.
 */
const tableExceptions = [
  {
    module: "stock",
    files: ["catalog"],
    reason:
      "stock keeps the box numbers on the product and dye-lot rows (on_hand, allocated, reserved, stock_quantity, lot boxes): the one writer of those columns, catalog owns the rest",
  },
  {
    module: "audit",
    files: ["catalog", "coupons", "leads", "orders", "partners", "installs", "staff"],
    reason:
      "read-only: the audit list names each entry's subject (product name, order number, ...); every module writes audit entries, so audit cannot call them back without a cycle",
  },
  {
    module: "coupons",
    files: ["orders"],
    reason:
      "read-only counts of orders holding a code (usage limit, once per customer); orders records a coupon's use through coupons, so coupons cannot call orders back without a cycle",
  },
];

const schemaFile = (names) => `^server/src/db/schema/(${names.join("|")})\\.ts$`;

const tableOwnerRules = Object.entries(tableOwners).map(([name, own]) => {
  const allowed = [
    ...own,
    "columns",
    ...tableExceptions.filter((e) => e.module === name).flatMap((e) => e.files),
  ];
  return {
    name: `tables-of-${name}`,
    comment: `The ${name} module imports only its own schema files (${own.join(", ")}) or a documented exception; other tables through their module's public entry.`,
    severity: "error",
    from: { path: `^server/src/modules/${name}/`, pathNot: test },
    to: { path: "^server/src/db/schema/", pathNot: schemaFile(allowed) },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...tableOwnerRules,
    {
      name: "tables-of-unlisted-module",
      comment:
        "A module that owns no tables in tableOwners imports no schema file: list its schema file there first.",
      severity: "error",
      from: {
        path: "^server/src/modules/",
        pathNot: [test, `^server/src/modules/(${Object.keys(tableOwners).join("|")})/`],
      },
      to: { path: "^server/src/db/schema/" },
    },
    {
      name: "tables-outside-modules",
      comment:
        "Server code outside modules/ and db/ touches no module's tables; mail/ owns the outbox (mail.ts).",
      severity: "error",
      from: { path: "^server/src/(?!modules/|db/)", pathNot: [test, "^server/src/mail/"] },
      to: { path: "^server/src/db/schema/" },
    },
    {
      name: "schema-index-for-db-only",
      comment:
        "db/schema/index.ts (every table) is for the database client, migrations and tests; code imports the one schema file it owns.",
      severity: "error",
      from: { pathNot: ["^server/src/db/", test, "^server/test/"] },
      to: { path: "^server/src/db/schema/index\\.ts$" },
    },
    {
      name: "no-cycles",
      comment: "An import cycle anywhere (server, web, contracts, tests).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "module-public-entry",
      comment:
        "A server module imports another module only through its public entry <name>/<name>.service.ts.",
      severity: "error",
      from: { path: "^server/src/modules/([^/]+)/", pathNot: test },
      to: {
        path: "^server/src/modules/[^/]+/",
        pathNot: ["^server/src/modules/$1/", publicEntry],
      },
    },
    {
      name: "outside-modules-public-entry",
      comment:
        "Server code outside modules/ (mail, db, plugins, web) reaches a module only through its public entry; app.ts may also register routes.",
      severity: "error",
      from: { path: serverOutsideModules, pathNot: [test, appTs] },
      to: {
        path: "^server/src/modules/[^/]+/",
        pathNot: publicEntry,
      },
    },
    {
      name: "app-registers-routes",
      comment: "app.ts reaches a module through its public entry or its routes.",
      severity: "error",
      from: { path: appTs },
      to: {
        path: "^server/src/modules/[^/]+/",
        pathNot: [publicEntry, "^server/src/modules/[^/]+/[^/]+\\.routes\\.ts$"],
      },
    },
    {
      name: "features-stay-apart",
      comment:
        "A web feature never imports another feature; shared things live in web/app/components, web/app/lib or a shared layer.",
      severity: "error",
      from: { path: "^web/app/features/([^/]+)/" },
      to: { path: "^web/app/features/[^/]+/", pathNot: "^web/app/features/$1/" },
    },
    {
      name: "no-zod-in-public-pages",
      comment:
        "Browser code outside the back office takes only types from a contract that imports zod (zod would ship on every page).",
      severity: "error",
      from: { path: "^web/app/", pathNot: ["^web/app/(features|routes)/admin", test] },
      to: { path: zodContract, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "zod-free-contracts-stay-free",
      comment:
        "A contract without zod takes only types from one with zod, so the browser can import it.",
      severity: "error",
      from: { path: "^packages/contracts/src/", pathNot: [zodContract, test] },
      to: { path: zodContract, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: "(^|/)(node_modules|build|dist|public|\\.react-router|test-results|playwright-report)/",
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
