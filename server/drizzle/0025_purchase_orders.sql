-- Receiving: purchase orders to suppliers, their lines, and the cost of a box. A line's received
-- boxes never pass what was ordered; money is integer cents. A line keeps its product's name so a
-- purchase order stays readable after the product is deleted.
SET CONSTRAINTS "products_bump_catalog_version" IMMEDIATE;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "cost_per_box_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cost_per_box_not_negative" CHECK ("products"."cost_per_box_cents" >= 0);--> statement-breakpoint
SET CONSTRAINTS "products_bump_catalog_version" DEFERRED;--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"expected_date" text,
	"status" text DEFAULT 'open' NOT NULL,
	"notes" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_status_check" CHECK ("purchase_orders"."status" in ('open', 'partly_received', 'received', 'cancelled'))
);--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"boxes_ordered" integer NOT NULL,
	"boxes_received" integer DEFAULT 0 NOT NULL,
	"cost_per_box_cents" integer NOT NULL,
	CONSTRAINT "purchase_order_lines_boxes_ordered_positive" CHECK ("purchase_order_lines"."boxes_ordered" > 0),
	CONSTRAINT "purchase_order_lines_received_within_ordered" CHECK ("purchase_order_lines"."boxes_received" >= 0 AND "purchase_order_lines"."boxes_received" <= "purchase_order_lines"."boxes_ordered"),
	CONSTRAINT "purchase_order_lines_cost_not_negative" CHECK ("purchase_order_lines"."cost_per_box_cents" >= 0)
);--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("purchase_order_id","id");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_product_idx" ON "purchase_order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status","id");
