-- Returns received before refunded (decision 120): a return is approved with instructions, its
-- boxes are received per line (restocked or written off), and only then refunded, unless staff
-- refund before receipt and say why. The fee percent the customer was told is kept on the return.
ALTER TABLE "order_returns" DROP CONSTRAINT "order_returns_status_check";
--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_status_check" CHECK ("order_returns"."status" in ('requested', 'approved', 'received', 'refunded', 'declined'));
--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "restocking_fee_percent" numeric(5, 2);
--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "instructions" text;
--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "approved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "received_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "refund_before_receipt_reason" text;
--> statement-breakpoint
-- The percent of a return asked before this migration, read back from its amounts.
UPDATE "order_returns" SET "restocking_fee_percent" = CASE
	WHEN "merchandise" - "discount" > 0
		THEN round("restocking_fee" * 100 / ("merchandise" - "discount"), 2)
	ELSE 0 END;
--> statement-breakpoint
ALTER TABLE "order_returns" ALTER COLUMN "restocking_fee_percent" SET NOT NULL;
--> statement-breakpoint
-- A return refunded before this migration was restocked in the same step: approved and received then.
UPDATE "order_returns" SET "approved_at" = "refunded_at", "received_at" = "refunded_at"
WHERE "status" = 'refunded';
--> statement-breakpoint
UPDATE "order_returns" SET "lines" = coalesce((
	SELECT jsonb_agg(
		line || jsonb_build_object('received', jsonb_build_object('restocked', line -> 'quantity', 'written_off', 0))
		ORDER BY position)
	FROM jsonb_array_elements("lines") WITH ORDINALITY AS elements(line, position)), '[]'::jsonb)
WHERE "status" = 'refunded';
