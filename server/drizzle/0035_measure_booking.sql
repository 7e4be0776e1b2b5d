-- Self-booked measure visits: each crew's working hours and its time off (days off and blocked
-- times), and who booked each visit (staff or the customer online). A crew is still never
-- double-booked: every booking locks the crew row before it looks for overlaps.
ALTER TABLE "install_crews" ADD COLUMN IF NOT EXISTS "work_start_minute" integer DEFAULT 480 NOT NULL;
--> statement-breakpoint
ALTER TABLE "install_crews" ADD COLUMN IF NOT EXISTS "work_end_minute" integer DEFAULT 1020 NOT NULL;
--> statement-breakpoint
ALTER TABLE "install_crews" ADD COLUMN IF NOT EXISTS "work_days" integer[] DEFAULT '{1,2,3,4,5}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "install_crews" ADD CONSTRAINT "install_crews_work_hours_check" CHECK ("install_crews"."work_start_minute" >= 0 AND "install_crews"."work_end_minute" <= 1440 AND "install_crews"."work_end_minute" > "install_crews"."work_start_minute");
--> statement-breakpoint
ALTER TABLE "install_appointments" ADD COLUMN IF NOT EXISTS "booked_by" text DEFAULT 'staff' NOT NULL;
--> statement-breakpoint
ALTER TABLE "install_appointments" ADD CONSTRAINT "install_appointments_booked_by_check" CHECK ("install_appointments"."booked_by" in ('staff', 'customer'));
--> statement-breakpoint
CREATE TABLE "install_crew_time_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"crew_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "install_crew_time_off_order_check" CHECK ("install_crew_time_off"."ends_at" > "install_crew_time_off"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "install_crew_time_off" ADD CONSTRAINT "install_crew_time_off_crew_id_install_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."install_crews"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "install_crew_time_off_crew_idx" ON "install_crew_time_off" USING btree ("crew_id","starts_at");
