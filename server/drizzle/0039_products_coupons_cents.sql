-- Product prices and coupon amounts are stored as integer cents, like orders since 0033: each
-- dollar price becomes a *_cents integer column holding exactly the cents it held
-- (round(x * 100)), empty prices stay empty. A coupon's value is split by its kind: a percent
-- coupon keeps its percent (not money) in percent_off; a fixed coupon's dollars off become
-- amount_off_cents; every minimum subtotal becomes min_subtotal_cents. The API still answers in
-- dollars; the one conversion lives at its edge.
-- The catalogue version bumps per statement here: a pending deferred bump would refuse the DROPs.
SET CONSTRAINTS "products_bump_catalog_version" IMMEDIATE;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "our_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "competitor_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "ace_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "ace_shown_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "msrp_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "pallet_shipping_cost_cents" integer;--> statement-breakpoint
UPDATE "products" SET
  "our_price_cents" = round("our_price" * 100)::integer,
  "competitor_price_cents" = round("competitor_price" * 100)::integer,
  "ace_price_cents" = round("ace_price" * 100)::integer,
  "ace_shown_price_cents" = round("ace_shown_price" * 100)::integer,
  "msrp_cents" = round("msrp" * 100)::integer,
  "pallet_shipping_cost_cents" = round("pallet_shipping_cost" * 100)::integer;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "our_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "competitor_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "ace_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "ace_shown_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "msrp";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "pallet_shipping_cost";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_our_price_cents_idx" ON "products" USING btree ("our_price_cents");--> statement-breakpoint
SET CONSTRAINTS "products_bump_catalog_version" DEFERRED;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "percent_off" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "amount_off_cents" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "min_subtotal_cents" integer;--> statement-breakpoint
UPDATE "coupons" SET
  "percent_off" = CASE WHEN "kind" = 'percent' THEN "value" END,
  "amount_off_cents" = CASE WHEN "kind" = 'fixed' THEN round("value" * 100)::integer END,
  "min_subtotal_cents" = round("min_subtotal" * 100)::integer;--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "min_subtotal_cents" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "min_subtotal_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "value";--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "min_subtotal";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_amount_of_its_kind" CHECK (("kind" = 'percent' AND "percent_off" IS NOT NULL AND "amount_off_cents" IS NULL) OR ("kind" = 'fixed' AND "amount_off_cents" IS NOT NULL AND "percent_off" IS NULL));
