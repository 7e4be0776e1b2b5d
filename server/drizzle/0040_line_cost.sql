-- What a box cost the store when the order was placed, kept on each order line: the orders CSV
-- and the dashboard read a sale's margin from it, so a later change of the product's cost no
-- longer rewrites past margins. Lines of older orders stay null and fall back to the product's cost.
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "cost_per_box_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT IF EXISTS "order_items_cost_per_box_not_negative";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_cost_per_box_not_negative" CHECK ("cost_per_box_cents" >= 0);
