-- Installation jobs: crews, jobs with their stage, every estimate version, and crew visits. A
-- crew is never double-booked: bookings lock the crew row and check for overlaps first.
CREATE TABLE "install_appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"crew_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "install_appointments_kind_check" CHECK ("install_appointments"."kind" in ('measure', 'install')),
	CONSTRAINT "install_appointments_order_check" CHECK ("install_appointments"."ends_at" > "install_appointments"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "install_crews" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "install_crews_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "install_estimates" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"version" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"labour_subtotal_cents" integer NOT NULL,
	"materials_subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"deposit_cents" integer NOT NULL,
	"deposit_percent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "install_estimates_job_version_unique" UNIQUE("job_id","version")
);
--> statement-breakpoint
CREATE TABLE "install_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"stage" text DEFAULT 'new' NOT NULL,
	"inquiry_id" integer,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"address" text NOT NULL,
	"flooring_type" text NOT NULL,
	"notes" text,
	"deposit_order_id" uuid,
	"materials_received_at" timestamp with time zone,
	"accepted_version" integer,
	"accepted_name" text,
	"accepted_at" timestamp with time zone,
	"accepted_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "install_jobs_token_unique" UNIQUE("token"),
	CONSTRAINT "install_jobs_inquiry_id_unique" UNIQUE("inquiry_id"),
	CONSTRAINT "install_jobs_stage_check" CHECK ("install_jobs"."stage" in ('new', 'measure_scheduled', 'estimate_sent', 'estimate_accepted', 'deposit_paid', 'materials_ready', 'install_scheduled', 'completed', 'cancelled')),
	CONSTRAINT "install_jobs_flooring_type_check" CHECK ("install_jobs"."flooring_type" in ('solid_hardwood', 'engineered_hardwood', 'laminate', 'vinyl', 'tile', 'carpet'))
);
--> statement-breakpoint
ALTER TABLE "install_appointments" ADD CONSTRAINT "install_appointments_job_id_install_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."install_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_appointments" ADD CONSTRAINT "install_appointments_crew_id_install_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."install_crews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_estimates" ADD CONSTRAINT "install_estimates_job_id_install_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."install_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_jobs" ADD CONSTRAINT "install_jobs_inquiry_id_project_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."project_inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_jobs" ADD CONSTRAINT "install_jobs_deposit_order_id_orders_id_fk" FOREIGN KEY ("deposit_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "install_appointments_crew_idx" ON "install_appointments" USING btree ("crew_id","starts_at");--> statement-breakpoint
CREATE INDEX "install_appointments_job_idx" ON "install_appointments" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "install_jobs_stage_idx" ON "install_jobs" USING btree ("stage");