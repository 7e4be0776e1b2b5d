-- After the box leaves the shelf: the delivery appointment staff record when the order ships.
ALTER TABLE "orders" ADD COLUMN "delivery_appointment_date" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_appointment_window" text;
--> statement-breakpoint
-- Damage and shortage claims sent from /track, with their photos' files under DATA_DIR/claims.
CREATE TABLE "delivery_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"boxes_affected" integer NOT NULL,
	"photo_folder" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"staff_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_claims_kind_check" CHECK ("delivery_claims"."kind" in ('damage', 'shortage')),
	CONSTRAINT "delivery_claims_status_check" CHECK ("delivery_claims"."status" in ('new', 'contacted', 'closed')),
	CONSTRAINT "delivery_claims_boxes_check" CHECK ("delivery_claims"."boxes_affected" >= 1)
);
--> statement-breakpoint
ALTER TABLE "delivery_claims" ADD CONSTRAINT "delivery_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_claims_created_idx" ON "delivery_claims" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "delivery_claims_order_idx" ON "delivery_claims" USING btree ("order_id");
--> statement-breakpoint
-- Returns: closeouts are final sale (kept per line as bought), and unopened boxes asked back from /track.
ALTER TABLE "order_items" ADD COLUMN "final_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"merchandise" numeric(10, 2) NOT NULL,
	"discount" numeric(10, 2) NOT NULL,
	"tax" numeric(10, 2) NOT NULL,
	"restocking_fee" numeric(10, 2) NOT NULL,
	"refund_total" numeric(10, 2) NOT NULL,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"staff_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_status_check" CHECK ("order_returns"."status" in ('requested', 'refunded', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");
