ALTER TABLE "products" ADD COLUMN "reorder_point" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reorder_point_not_negative" CHECK ("products"."reorder_point" >= 0);--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."payment_status" = 'paid';
