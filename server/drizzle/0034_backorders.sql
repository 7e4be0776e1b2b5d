-- Boxes of a line that an open purchase order will bring (a backorder): the order holds only
-- `quantity - cancelled_quantity - backordered_boxes` in stock; a receipt allocates the rest.
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "backordered_boxes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_backordered_in_range" CHECK ("order_items"."backordered_boxes" >= 0 AND "order_items"."backordered_boxes" + "order_items"."cancelled_quantity" <= "order_items"."quantity");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_items_backordered_idx" ON "order_items" USING btree ("product_id") WHERE "order_items"."backordered_boxes" > 0;
