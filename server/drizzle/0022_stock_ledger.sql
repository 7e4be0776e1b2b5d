-- Stock you can count on: on hand (in the building), allocated (paid orders not yet shipped or
-- picked up), reserved (open checkouts), and stock_quantity stays what a shopper can buy now:
-- on_hand - allocated - reserved. Every change of the three is a row of stock_ledger.
-- The catalogue version's trigger waits for the end of the transaction, and a table with pending
-- trigger events cannot be altered: while products is altered here, it runs at once.
SET CONSTRAINTS "products_bump_catalog_version" IMMEDIATE;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "on_hand" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allocated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders whose boxes left the building hold none any more: their own stock state.
ALTER TABLE "orders" DROP CONSTRAINT "orders_stock_status_check";--> statement-breakpoint
UPDATE "orders" SET "stock_status" = 'shipped'
  WHERE "stock_status" <> 'released'
    AND ("status" IN ('shipped', 'delivered') OR "shipped_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stock_status_check" CHECK ("orders"."stock_status" in ('reserved', 'committed', 'released', 'shipped'));--> statement-breakpoint
-- Today's number is what could be sold; the boxes open orders hold are still in the building.
UPDATE "products" SET
  "allocated" = "held"."allocated",
  "reserved" = "held"."reserved",
  "on_hand" = "products"."stock_quantity" + "held"."allocated" + "held"."reserved"
FROM (
  SELECT "order_items"."product_id",
    sum(CASE WHEN "orders"."stock_status" = 'committed' THEN "order_items"."quantity" ELSE 0 END)::integer AS "allocated",
    sum(CASE WHEN "orders"."stock_status" = 'reserved' THEN "order_items"."quantity" ELSE 0 END)::integer AS "reserved"
  FROM "order_items" JOIN "orders" ON "orders"."id" = "order_items"."order_id"
  WHERE "order_items"."kind" = 'box' AND "order_items"."product_id" IS NOT NULL
    AND "orders"."stock_status" IN ('committed', 'reserved')
  GROUP BY "order_items"."product_id"
) AS "held"
WHERE "held"."product_id" = "products"."id";--> statement-breakpoint
UPDATE "products" SET "on_hand" = "stock_quantity" WHERE "on_hand" = 0 AND "allocated" = 0 AND "reserved" = 0;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_on_hand_not_negative" CHECK ("products"."on_hand" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_allocated_not_negative" CHECK ("products"."allocated" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reserved_not_negative" CHECK ("products"."reserved" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_available_is_on_hand_less_held" CHECK ("products"."stock_quantity" = "products"."on_hand" - "products"."allocated" - "products"."reserved");--> statement-breakpoint
SET CONSTRAINTS "products_bump_catalog_version" DEFERRED;--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"lot_id" integer,
	"boxes" integer NOT NULL,
	"allocated_change" integer DEFAULT 0 NOT NULL,
	"reserved_change" integer DEFAULT 0 NOT NULL,
	"on_hand_after" integer NOT NULL,
	"available_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"return_id" integer,
	"reference" text,
	"staff" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_reason_check" CHECK ("stock_ledger"."reason" in ('opening', 'reserved', 'allocated', 'shipped', 'cancelled', 'return_restocked', 'return_written_off', 'received', 'counted', 'damaged'))
);--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_lot_id_product_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."product_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_ledger_product_idx" ON "stock_ledger" USING btree ("product_id","id");--> statement-breakpoint
-- The opening rows: what each product holds now, so on hand is the sum of its rows from here on.
INSERT INTO "stock_ledger" ("product_id", "boxes", "allocated_change", "reserved_change", "on_hand_after", "available_after", "reason", "reference")
SELECT "id", "on_hand", "allocated", "reserved", "on_hand", "stock_quantity", 'opening', 'Opening balance'
FROM "products" ORDER BY "id";
