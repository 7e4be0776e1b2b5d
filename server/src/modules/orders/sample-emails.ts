import { formatUsd, toDollars } from "@mcf/contracts/money";
import type { OrderItemRow } from "../../db/schema/orders.ts";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * The confirmation lists samples apart from the boxes: the box lines stay in the table as
 * before, the samples get their own rows and a sentence on how they travel.
 */
export function splitSamplesForEmail(items: OrderItemRow[]): {
  boxes: OrderItemRow[];
  sampleRows: Array<[string, string]>;
  sampleParagraph: string | null;
} {
  const boxes = items.filter((item) => item.kind !== "sample");
  const samples = items.filter((item) => item.kind === "sample");
  if (samples.length === 0) return { boxes, sampleRows: [], sampleParagraph: null };
  const count = samples.reduce((sum, item) => sum + item.quantity, 0);
  const sampleRows = samples.map((item): [string, string] => {
    const cents = item.total_price_cents;
    return [
      `Sample: ${item.product_name} × ${item.quantity}`,
      cents === 0 ? "Free" : formatUsd(toDollars(cents)),
    ];
  });
  const names = samples.map((item) => item.product_name).join(", ");
  return {
    boxes,
    sampleRows,
    sampleParagraph: `Your samples (${plural(count, "sample")}: ${names}) are cut by hand and mailed by parcel${boxes.length > 0 ? ", apart from your boxes, so you can see them first" : ""}.`,
  };
}
