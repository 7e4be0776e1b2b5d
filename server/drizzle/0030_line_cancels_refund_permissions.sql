-- Lines of a paid order cancelled before they ship (decision 123): the boxes of each line staff
-- cancelled, never more than it had. The order keeps what was sold; what it still holds, ships or
-- takes again is the quantity less these.
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "cancelled_quantity" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_cancelled_in_range" CHECK ("order_items"."cancelled_quantity" >= 0 AND "order_items"."cancelled_quantity" <= "order_items"."quantity");
--> statement-breakpoint
-- Who may give money back: one row per staff role; a role without a row may not refund. A null
-- limit is no limit. The owner and staff start as before this table (refunds of any amount).
CREATE TABLE "refund_permissions" (
	"role" text PRIMARY KEY NOT NULL,
	"may_refund" boolean NOT NULL,
	"max_refund_cents" integer,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_permissions_limit_positive" CHECK ("refund_permissions"."max_refund_cents" IS NULL OR "refund_permissions"."max_refund_cents" > 0)
);
--> statement-breakpoint
INSERT INTO "refund_permissions" ("role", "may_refund", "max_refund_cents") VALUES
	('owner', true, NULL),
	('staff', true, NULL),
	('catalogue', false, NULL);
