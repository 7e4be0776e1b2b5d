import { type ProductLotsUpdate, productLotsUpdateSchema } from "@mcf/contracts/lots";
import type { ProductLotRow } from "../../db/schema/catalog.ts";

/**
 * A product's dye lots in one cell of the catalogue CSV (decision 103): `code:boxes` pairs
 * separated by semicolons, e.g. `A1203:14; B2210:6`. The boxes follow the last colon of a pair
 * (so a code may hold colons); a code never holds a semicolon (the lots' schema refuses one). An
 * empty cell is "no lots".
 */

type CellLot = { lot_code: string; boxes: number };

/** The lots as the cell writes them, in the order given ("" for none). */
export function formatLotsCell(lots: CellLot[]): string {
  return lots.map((lot) => `${lot.lot_code}:${lot.boxes}`).join("; ");
}

/**
 * Reads a lots cell, checked by the same schema as the product editor's lots. Returns the lots,
 * or the problems as the import report shows them ("lots: ...").
 */
export function parseLotsCell(raw: string): { lots: CellLot[] } | { errors: string[] } {
  const pairs: CellLot[] = [];
  for (const part of raw.split(";")) {
    const pair = part.trim();
    if (pair === "") continue;
    const colon = pair.lastIndexOf(":");
    const boxes = colon < 0 ? "" : pair.slice(colon + 1).trim();
    if (!/^-?\d+(\.\d+)?$/.test(boxes))
      return { errors: [`lots: "${pair}" is not code:boxes, e.g. A1203:14; B2210:6`] };
    pairs.push({ lot_code: pair.slice(0, colon), boxes: Number(boxes) });
  }
  const parsed = productLotsUpdateSchema.safeParse({ lots: pairs });
  if (!parsed.success)
    return { errors: [...new Set(parsed.error.issues.map((issue) => `lots: ${issue.message}`))] };
  return { lots: parsed.data.lots };
}

/**
 * The cell's lots as the lots service takes them: a lot whose code names one of the product's
 * lots (whatever its case) keeps that lot's id, so orders sold from it still point at it; the
 * other codes are new lots, and the product's lots the cell leaves out are removed.
 */
export function toLotsUpdate(lots: CellLot[], current: ProductLotRow[]): ProductLotsUpdate {
  const idByCode = new Map(current.map((row) => [row.lot_code.toUpperCase(), row.id]));
  return {
    lots: lots.map((lot) => {
      const id = idByCode.get(lot.lot_code.toUpperCase());
      return id === undefined ? lot : { ...lot, id };
    }),
  };
}

/** Whether the cell's lots are the product's lots already (same codes, same boxes). */
export function sameLots(lots: CellLot[], current: ProductLotRow[]): boolean {
  const key = (list: CellLot[]) =>
    JSON.stringify(
      list
        .map((lot) => [lot.lot_code, lot.boxes])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  return key(lots) === key(current);
}
