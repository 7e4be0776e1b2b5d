-- Delivery choices: a box weight for parcel limits, and how each order reaches its customer (method, paid extras, the carrier's questions, the estimated date). Earlier orders were freight.
ALTER TABLE "products" ADD COLUMN "box_weight_lbs" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" text DEFAULT 'freight' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_services" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_answers" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_estimated_date" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_method_check" CHECK ("orders"."delivery_method" in ('pickup', 'local', 'freight', 'parcel'));