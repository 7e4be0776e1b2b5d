-- Installation job money (decision 122): the balance invoice paid after the install, and what a
-- cancellation after the deposit gave back and kept, for the customer's page.
ALTER TABLE "install_jobs" ADD COLUMN "balance_order_id" uuid;
--> statement-breakpoint
ALTER TABLE "install_jobs" ADD COLUMN "balance_paid_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "install_jobs" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "install_jobs" ADD COLUMN "cancel_refund_cents" integer;
--> statement-breakpoint
ALTER TABLE "install_jobs" ADD COLUMN "cancel_kept_cents" integer;
--> statement-breakpoint
ALTER TABLE "install_jobs" ADD CONSTRAINT "install_jobs_balance_order_id_orders_id_fk" FOREIGN KEY ("balance_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
