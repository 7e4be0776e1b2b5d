-- Installation orders placed before orders named their job: the order each job's deposit and
-- balance columns point at now names that job and which payment it is, so every installation
-- order reaches its job the same way. Superseded orders of that time name no job and stay null.
UPDATE "orders" SET "install_job_id" = "install_jobs"."id", "install_payment" = 'deposit'
FROM "install_jobs"
WHERE "install_jobs"."deposit_order_id" = "orders"."id" AND "orders"."install_job_id" IS NULL;--> statement-breakpoint
UPDATE "orders" SET "install_job_id" = "install_jobs"."id", "install_payment" = 'balance'
FROM "install_jobs"
WHERE "install_jobs"."balance_order_id" = "orders"."id" AND "orders"."install_job_id" IS NULL;
