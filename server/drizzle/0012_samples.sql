-- Samples as first-class cart items: a product says whether it offers samples, an order line is
-- boxes or samples (samples never touch box stock), staff tick off the samples they send, and a
-- delivered sample order gets one follow-up email with a link that puts boxes in the cart.
ALTER TABLE "products" ADD COLUMN "samples_available" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kind" text DEFAULT 'box' NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_check" CHECK ("order_items"."kind" in ('box', 'sample'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "samples_sent_at" timestamp with time zone;
--> statement-breakpoint
-- "if not exists": another change may add the same delivery stamp.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "delivered_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "sample_follow_ups" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_follow_ups_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sample_follow_ups" ADD CONSTRAINT "sample_follow_ups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_items_samples_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."kind" = 'sample';
