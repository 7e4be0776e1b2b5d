CREATE TABLE "product_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"lot_code" text NOT NULL,
	"boxes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_lots_boxes_not_negative" CHECK ("product_lots"."boxes" >= 0)
);--> statement-breakpoint
ALTER TABLE "product_lots" ADD CONSTRAINT "product_lots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_lots_product_code_idx" ON "product_lots" USING btree ("product_id","lot_code");--> statement-breakpoint
CREATE TABLE "order_item_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"lot_id" integer,
	"lot_code" text NOT NULL,
	"boxes" integer NOT NULL,
	"returned_boxes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_item_lots_boxes_positive" CHECK ("order_item_lots"."boxes" > 0),
	CONSTRAINT "order_item_lots_returned_in_range" CHECK ("order_item_lots"."returned_boxes" >= 0 AND "order_item_lots"."returned_boxes" <= "order_item_lots"."boxes")
);--> statement-breakpoint
ALTER TABLE "order_item_lots" ADD CONSTRAINT "order_item_lots_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_lots" ADD CONSTRAINT "order_item_lots_lot_id_product_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."product_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_lots_item_idx" ON "order_item_lots" USING btree ("order_item_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "lot_short" boolean DEFAULT false NOT NULL;
