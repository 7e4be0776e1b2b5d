-- An order pays for goods (flooring, samples, accessories) or for an installation (its deposit
-- or its balance): pages and emails of an installation payment speak of the installation, not
-- of boxes, delivery and shipping. Existing deposit and balance orders are marked from their jobs.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "purpose" text DEFAULT 'goods' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purpose_check" CHECK ("orders"."purpose" in ('goods', 'installation'));--> statement-breakpoint
UPDATE "orders" SET "purpose" = 'installation' WHERE "id" IN (SELECT "deposit_order_id" FROM "install_jobs" WHERE "deposit_order_id" IS NOT NULL UNION SELECT "balance_order_id" FROM "install_jobs" WHERE "balance_order_id" IS NOT NULL);
