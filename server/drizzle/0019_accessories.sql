-- Accessories (underlayment, transitions, reducers, stair nose, quarter round, adhesive) are
-- products sold by the piece, roll or pail instead of by the box of flooring: their our_price is
-- the price of one unit, they carry what kind of accessory they are, the sq ft one unit covers
-- (underlayment rolls, adhesive pails) and the flooring types they suit. Flooring keeps "box".
ALTER TABLE "products" ADD COLUMN "selling_unit" text DEFAULT 'box' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "accessory_kind" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit_coverage_sqft" numeric(10, 2);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fits_types" text[];
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_selling_unit_check" CHECK ("products"."selling_unit" in ('box', 'piece', 'roll', 'pail'));
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_accessory_kind_check" CHECK ("products"."accessory_kind" in ('underlayment', 'adhesive', 'transition', 'reducer', 'stair_nose', 'quarter_round'));
--> statement-breakpoint
-- Flooring is sold by the box and is no accessory; every accessory is sold by its own unit.
ALTER TABLE "products" ADD CONSTRAINT "products_accessory_unit_check" CHECK (("products"."selling_unit" = 'box') = ("products"."accessory_kind" is null));
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_coverage_positive" CHECK ("products"."unit_coverage_sqft" > 0);
--> statement-breakpoint
CREATE INDEX "products_accessory_kind_idx" ON "products" USING btree ("accessory_kind") WHERE "products"."accessory_kind" is not null;
--> statement-breakpoint
-- An order line remembers the unit it sold (the confirmation says "2 rolls", not "2 boxes").
ALTER TABLE "order_items" ADD COLUMN "selling_unit" text DEFAULT 'box' NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_selling_unit_check" CHECK ("order_items"."selling_unit" in ('box', 'piece', 'roll', 'pail'));
