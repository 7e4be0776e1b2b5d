// Reads a sample catalogue file (server/src/db/seed/*.csv, the owner's product CSV format) for
// the image generators: one object per product, an empty cell as null, JSON cells parsed.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";

const seedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../server/src/db/seed");
const jsonColumns = new Set(["features", "specifications", "fits_types"]);

/** The products of `name` (e.g. "sample-products.csv"), in file order. */
export function loadSampleCatalogue(name) {
  const file = path.join(seedDir, name);
  const rows = parse(fs.readFileSync(file, "utf8"), { columns: true });
  if (rows.length === 0) throw new Error(`${file} has no products`);
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([column, cell]) => [
        column,
        cell === "" ? null : jsonColumns.has(column) ? JSON.parse(cell) : cell,
      ]),
    ),
  );
}
