import { business } from "@mcf/contracts/business";
import type { EstimateLineInput } from "@mcf/contracts/installs";
import { multiplyCents, toCents } from "@mcf/contracts/money";
import type { DbOrTx } from "../../db/client.ts";
import type { StoredEstimateLine } from "../../db/schema/installs.ts";
import { AppError, invalid } from "../../errors.ts";
import { taxRateFor } from "../cart/cart.service.ts";
import { getProductRow } from "../catalog/catalog.service.ts";
import { sellingPrice } from "../pricing/pricing.service.ts";

export interface EstimateTotals {
  lines: StoredEstimateLine[];
  labourSubtotalCents: number;
  materialsSubtotalCents: number;
  taxCents: number;
  totalCents: number;
  depositCents: number;
  depositPercent: number;
}

/** A materials line at the catalogue's current public per-box price. */
async function priceMaterial(
  db: DbOrTx,
  line: Extract<EstimateLineInput, { kind: "material" }>,
  index: number,
): Promise<StoredEstimateLine> {
  const row = await getProductRow(db, line.product_id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found")
      throw invalid(`Line ${index + 1}: product ${line.product_id} does not exist`);
    throw error;
  });
  const price = sellingPrice(row, null);
  if (!price) throw invalid(`Line ${index + 1}: "${row.name}" has no price and cannot be sold`);
  return {
    kind: "material",
    description: `${row.name} (${line.quantity} ${line.quantity === 1 ? "box" : "boxes"})`,
    product_id: row.id,
    quantity: line.quantity,
    unit_price_cents: price.unitPriceCents,
    total_cents: multiplyCents(price.unitPriceCents, line.quantity),
  };
}

/**
 * Prices an estimate: service lines at the staff's price per square foot (per stair), each
 * rounded half up to the cent once; materials at the catalogue's current price per box from the
 * pricing module; sales tax as for orders, on the materials only (labor is a service), at the
 * store's state rate since the company installs around Birmingham; the deposit is
 * `depositPercent` of the total, rounded half up. Throws 422 for an unknown or unpriced product.
 */
export async function priceEstimate(
  db: DbOrTx,
  inputs: EstimateLineInput[],
  depositPercent: number,
  /** Sales tax on materials: the showroom state's rate in the store settings. */
  materialsTaxRate: number = taxRateFor(business.address.state),
): Promise<EstimateTotals> {
  const lines: StoredEstimateLine[] = [];
  for (const [index, line] of inputs.entries()) {
    if (line.kind === "material") {
      lines.push(await priceMaterial(db, line, index));
      continue;
    }
    const unit = toCents(line.unit_price);
    lines.push({
      kind: line.kind,
      description: line.description,
      product_id: null,
      quantity: line.quantity,
      unit_price_cents: unit,
      total_cents: multiplyCents(unit, line.quantity),
    });
  }
  const sum = (kind: "material" | "service") =>
    lines
      .filter((l) => (kind === "material") === (l.kind === "material"))
      .reduce((total, l) => total + l.total_cents, 0);
  const labourSubtotalCents = sum("service");
  const materialsSubtotalCents = sum("material");
  const taxCents = multiplyCents(materialsSubtotalCents, materialsTaxRate);
  const totalCents = labourSubtotalCents + materialsSubtotalCents + taxCents;
  return {
    lines,
    labourSubtotalCents,
    materialsSubtotalCents,
    taxCents,
    totalCents,
    depositCents: multiplyCents(totalCents, depositPercent / 100),
    depositPercent,
  };
}
