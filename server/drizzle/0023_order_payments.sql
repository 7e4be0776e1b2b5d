-- An order's payments ledger (decision 118): one row per charge or refund, in integer cents, with
-- the payment provider's id. Every paid order gets its charge (the payment session is the
-- provider's id), every refunded return its refund (the staff member from the audit log), so the
-- balance of every existing order reads from its ledger the day the ledger arrives.
CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"staff" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_once" UNIQUE("order_id","kind","provider_id"),
	CONSTRAINT "order_payments_kind_check" CHECK ("order_payments"."kind" in ('charge', 'refund')),
	CONSTRAINT "order_payments_amount_positive" CHECK ("order_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "order_payments" ("order_id", "kind", "amount_cents", "provider", "provider_id", "created_at")
SELECT "id", 'charge', round("total_amount" * 100)::integer, "payment_provider",
	coalesce("payment_session_id", 'order:' || "id"), coalesce("paid_at", "created_at")
FROM "orders"
WHERE "payment_status" = 'paid' AND "total_amount" > 0;
--> statement-breakpoint
INSERT INTO "order_payments" ("order_id", "kind", "amount_cents", "provider", "provider_id", "staff", "reason", "created_at")
SELECT r."order_id", 'refund', round(r."refund_total" * 100)::integer, o."payment_provider",
	coalesce(r."refund_id", 'return-refund:' || r."id"),
	(SELECT a."actor" FROM "audit_log" a
		WHERE a."action" = 'order.return_refunded' AND a."entity_id" = r."order_id"::text
			AND a."after"->>'return_id' = r."id"::text
		ORDER BY a."id" LIMIT 1),
	'Return ' || r."id" || ': ' || r."reason",
	coalesce(r."refunded_at", r."updated_at")
FROM "order_returns" r JOIN "orders" o ON o."id" = r."order_id"
WHERE r."status" = 'refunded' AND r."refund_total" > 0;
