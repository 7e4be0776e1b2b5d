-- An installation's deposit or balance order names its job and which of the two payments it is:
-- a superseded order (the customer started paying again) that is then paid on the payment page it
-- left open still reaches its job, which counts it or refunds it. Older orders stay null and are
-- found through the job's deposit and balance order columns, as before.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "install_job_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "install_payment" text;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_install_payment_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_install_payment_check" CHECK ("orders"."install_payment" in ('deposit', 'balance'));
