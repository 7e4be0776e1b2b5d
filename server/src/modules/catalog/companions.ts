import { type AccessoryKind, accessoryKinds } from "@mcf/contracts/accessories";
import type { Companion } from "@mcf/contracts/product";
import { and, asc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { publicPriceOf } from "../pricing/pricing.service.ts";
import { getProductRow } from "./product-lookup.ts";
import { type ProductRow, toPublicProduct } from "./product-mapper.ts";

/** Moldings are chosen to match the floor's collection, else its color. */
const moldingKinds: ReadonlySet<AccessoryKind> = new Set([
  "transition",
  "reducer",
  "stair_nose",
  "quarter_round",
]);

/** A molding this far from the floor's color (RGB distance, 0-441) matches nothing. */
const maxColorDistance = 120;

const installationOf = (floor: ProductRow) =>
  String(floor.features?.installation ?? "").toLowerCase();

/**
 * Floating floors lie on underlayment; stretched-in carpet lies on its pad. A floor with its pad
 * attached needs none: a second pad under it usually voids the floor's warranty.
 */
const needsUnderlayment = (floor: ProductRow) => {
  if (floor.features?.attached_underlayment === true) return false;
  const installation = installationOf(floor);
  return installation.includes("float") || installation.includes("over pad");
};

/** Glue-down floors need adhesive; "glue-free" and "peel-and-stick" ones do not. */
const needsAdhesive = (floor: ProductRow) => {
  const installation = installationOf(floor);
  return installation.includes("glue") && !installation.includes("glue-free");
};

const fitsFloor = (accessory: ProductRow, floor: ProductRow) =>
  accessory.fits_types === null ||
  (floor.type !== null && accessory.fits_types.includes(floor.type));

function rgbOf(code: string | null): [number, number, number] | null {
  const match = /^#([0-9a-f]{6})$/i.exec(code?.trim() ?? "");
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function colorDistance(a: string | null, b: string | null): number {
  const first = rgbOf(a);
  const second = rgbOf(b);
  if (!first || !second) return Number.POSITIVE_INFINITY;
  return Math.hypot(first[0] - second[0], first[1] - second[1], first[2] - second[2]);
}

/** Sellable now: a positive price and something on the shelf. */
const sellable = (row: ProductRow) =>
  row.stock_quantity > 0 && publicPriceOf(row).perBoxCents !== null;

/** Among accessories, those made for this floor type before the ones that suit every type. */
const specificFirst = (a: ProductRow, b: ProductRow) =>
  Number(a.fits_types === null) - Number(b.fits_types === null) ||
  (a.our_price_cents ?? 0) - (b.our_price_cents ?? 0) ||
  a.id - b.id;

export interface ChosenCompanion {
  kind: AccessoryKind;
  reason: string;
  product: ProductRow;
}

function chooseMolding(floor: ProductRow, candidates: ProductRow[]): ChosenCompanion | null {
  const sameCollection = candidates.find(
    (row) => floor.collection !== null && row.collection === floor.collection,
  );
  if (sameCollection)
    return {
      kind: sameCollection.accessory_kind as AccessoryKind,
      reason: `Made for the ${floor.collection} collection`,
      product: sameCollection,
    };
  let best: ProductRow | null = null;
  let bestDistance = maxColorDistance;
  for (const row of candidates) {
    const distance = colorDistance(floor.color_code, row.color_code);
    if (distance <= bestDistance && (best === null || distance < bestDistance)) {
      best = row;
      bestDistance = distance;
    }
  }
  if (!best) return null;
  return {
    kind: best.accessory_kind as AccessoryKind,
    reason: `Color-matched to ${floor.color ?? floor.style_color ?? "this floor"}`,
    product: best,
  };
}

/**
 * The companions of one floor among the given accessories, at most one of each kind, in project
 * order (underlayment, adhesive, transitions, reducers, stair nose, quarter round). The rules:
 * an accessory must suit the floor's type and be sellable (priced, in stock); underlayment only
 * for a floating install (or carpet's pad), adhesive only for a glue-down install, the most
 * specific and then cheapest first; moldings of the floor's own collection, else the one
 * nearest its color. A product that is not flooring has no companions.
 */
export function chooseCompanions(floor: ProductRow, accessories: ProductRow[]): ChosenCompanion[] {
  if (floor.selling_unit !== "box") return [];
  const chosen: ChosenCompanion[] = [];
  for (const kind of accessoryKinds) {
    const candidates = accessories
      .filter((row) => row.accessory_kind === kind && fitsFloor(row, floor) && sellable(row))
      .sort(specificFirst);
    if (candidates.length === 0) continue;
    if (kind === "underlayment" && needsUnderlayment(floor)) {
      const [first] = candidates;
      if (first)
        chosen.push({
          kind,
          reason:
            floor.type === "carpet"
              ? "Carpet is stretched in over a pad"
              : "Floating floors lie on underlayment",
          product: first,
        });
    } else if (kind === "adhesive" && needsAdhesive(floor)) {
      const [first] = candidates;
      if (first) chosen.push({ kind, reason: "For a glue-down install", product: first });
    } else if (moldingKinds.has(kind)) {
      const molding = chooseMolding(floor, candidates);
      if (molding) chosen.push(molding);
    }
  }
  return chosen;
}

/** Every accessory (optionally of one kind), by kind in project order then name. */
export async function listAccessories(db: Db, kind?: AccessoryKind): Promise<ProductRow[]> {
  const conditions: SQL[] = [isNotNull(products.accessory_kind)];
  if (kind) conditions.push(eq(products.accessory_kind, kind));
  const order = sql.join(
    accessoryKinds.map((value, index) => sql`when ${value} then ${index}`),
    sql` `,
  );
  return db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(
      sql`case ${products.accessory_kind} ${order} end`,
      asc(sql`lower(${products.name})`),
      asc(products.id),
    );
}

/**
 * The companions of the product `productId`, as rows (404 for an unknown id; an accessory has
 * none). The choice is the same for every buyer: each caller maps the rows to the prices its
 * audience sees (the public here, approved partners in the ACE routes).
 */
export async function listCompanionRows(db: Db, productId: number): Promise<ChosenCompanion[]> {
  const floor = await getProductRow(db, productId);
  if (floor.selling_unit !== "box") return [];
  return chooseCompanions(floor, await listAccessories(db));
}

/** The companions of the product `productId` as the public sees them. */
export async function listCompanions(db: Db, productId: number): Promise<Companion[]> {
  return (await listCompanionRows(db, productId)).map((companion) => ({
    kind: companion.kind,
    reason: companion.reason,
    product: toPublicProduct(companion.product),
  }));
}
