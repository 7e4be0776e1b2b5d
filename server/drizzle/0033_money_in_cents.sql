-- Money is stored as integer cents: every dollar amount of orders, their lines and their returns
-- becomes a *_cents integer column holding exactly the cents it held (round(x * 100)), so no total
-- changes. The API still answers in dollars; the one conversion lives at its edge. Measures
-- (square feet) stay decimal. A return line's unit price in its JSON becomes unit_price_cents.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "subtotal_cents" integer;--> statement-breakpoint
UPDATE "orders" SET "subtotal_cents" = round("subtotal" * 100)::integer;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "subtotal";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "discount_amount_cents" integer;--> statement-breakpoint
UPDATE "orders" SET "discount_amount_cents" = round("discount_amount" * 100)::integer;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "discount_amount_cents" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "discount_amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "discount_amount";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "shipping_cost_cents" integer;--> statement-breakpoint
UPDATE "orders" SET "shipping_cost_cents" = round("shipping_cost" * 100)::integer;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_cost_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipping_cost";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "tax_amount_cents" integer;--> statement-breakpoint
UPDATE "orders" SET "tax_amount_cents" = round("tax_amount" * 100)::integer;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "tax_amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tax_amount";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "total_amount_cents" integer;--> statement-breakpoint
UPDATE "orders" SET "total_amount_cents" = round("total_amount" * 100)::integer;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "total_amount";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "unit_price_cents" integer;--> statement-breakpoint
UPDATE "order_items" SET "unit_price_cents" = round("unit_price" * 100)::integer;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "unit_price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "unit_price";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "total_price_cents" integer;--> statement-breakpoint
UPDATE "order_items" SET "total_price_cents" = round("total_price" * 100)::integer;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "total_price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "total_price";--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN IF NOT EXISTS "merchandise_cents" integer;--> statement-breakpoint
UPDATE "order_returns" SET "merchandise_cents" = round("merchandise" * 100)::integer;--> statement-breakpoint
ALTER TABLE "order_returns" ALTER COLUMN "merchandise_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_returns" DROP COLUMN "merchandise";--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN IF NOT EXISTS "discount_cents" integer;--> statement-breakpoint
UPDATE "order_returns" SET "discount_cents" = round("discount" * 100)::integer;--> statement-breakpoint
ALTER TABLE "order_returns" ALTER COLUMN "discount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_returns" DROP COLUMN "discount";--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN IF NOT EXISTS "tax_cents" integer;--> statement-breakpoint
UPDATE "order_returns" SET "tax_cents" = round("tax" * 100)::integer;--> statement-breakpoint
ALTER TABLE "order_returns" ALTER COLUMN "tax_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_returns" DROP COLUMN "tax";--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN IF NOT EXISTS "restocking_fee_cents" integer;--> statement-breakpoint
UPDATE "order_returns" SET "restocking_fee_cents" = round("restocking_fee" * 100)::integer;--> statement-breakpoint
ALTER TABLE "order_returns" ALTER COLUMN "restocking_fee_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_returns" DROP COLUMN "restocking_fee";--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN IF NOT EXISTS "refund_total_cents" integer;--> statement-breakpoint
UPDATE "order_returns" SET "refund_total_cents" = round("refund_total" * 100)::integer;--> statement-breakpoint
ALTER TABLE "order_returns" ALTER COLUMN "refund_total_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_returns" DROP COLUMN "refund_total";--> statement-breakpoint
UPDATE "order_returns" SET "lines" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN e.line ? 'unit_price'
      THEN (e.line - 'unit_price') || jsonb_build_object('unit_price_cents', round((e.line ->> 'unit_price')::numeric * 100)::integer)
      ELSE e.line END
    ORDER BY e.position), '[]'::jsonb)
  FROM jsonb_array_elements("order_returns"."lines") WITH ORDINALITY AS e(line, position)
);
