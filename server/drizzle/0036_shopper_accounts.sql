-- Shopper accounts (decision 131): made when a sign-in link to the email is first used, so each
-- account's email is verified; past guest orders to that email show in the account. Partner (ACE)
-- accounts stay in their own tables.
CREATE TABLE IF NOT EXISTS "shopper_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"email_verified_at" timestamp with time zone NOT NULL,
	"marketing_emails" boolean DEFAULT false NOT NULL,
	"review_requests" boolean DEFAULT true NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "shopper_accounts_email_unique" ON "shopper_accounts" USING btree (lower("email"));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shopper_sign_in_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"return_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopper_sign_in_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shopper_sign_in_links_email_idx" ON "shopper_sign_in_links" USING btree (lower("email"),"created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shopper_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "shopper_accounts"("id") ON DELETE cascade,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopper_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shopper_sessions_account_idx" ON "shopper_sessions" USING btree ("account_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shopper_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "shopper_accounts"("id") ON DELETE cascade,
	"label" text,
	"full_name" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"phone" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shopper_addresses_account_idx" ON "shopper_addresses" USING btree ("account_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shopper_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "shopper_accounts"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shopper_projects_account_idx" ON "shopper_projects" USING btree ("account_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shopper_project_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL REFERENCES "shopper_projects"("id") ON DELETE cascade,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"area_sqft" numeric(10, 2) NOT NULL,
	"waste_percent" integer NOT NULL,
	"product_id" integer REFERENCES "products"("id") ON DELETE set null,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopper_project_rooms_area_positive" CHECK ("area_sqft" > 0),
	CONSTRAINT "shopper_project_rooms_waste_range" CHECK ("waste_percent" >= 0 AND "waste_percent" <= 50)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shopper_project_rooms_project_idx" ON "shopper_project_rooms" USING btree ("project_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shopper_saved_products" (
	"account_id" uuid NOT NULL REFERENCES "shopper_accounts"("id") ON DELETE cascade,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopper_saved_products_pk" PRIMARY KEY("account_id","product_id")
);
--> statement-breakpoint
-- "My orders" reads paid orders by the account's email.
CREATE INDEX IF NOT EXISTS "orders_customer_email_idx" ON "orders" USING btree (lower("customer_email"));
