-- A coupon may be one use per customer (a first-order welcome code): an email that has paid with
-- it, or holds it in an open checkout, cannot use it again. The sample welcome code is one.
ALTER TABLE "coupons" ADD COLUMN "once_per_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "coupons" SET "once_per_customer" = true WHERE "code" = 'WELCOME10';
