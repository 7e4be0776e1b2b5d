-- A shopper changes the account's email through a link sent to the new address: the table keeps
-- each link's hash, the account it belongs to and the address it would set, until it is used.
CREATE TABLE IF NOT EXISTS "shopper_email_change_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "shopper_accounts"("id") ON DELETE cascade,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopper_email_change_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shopper_email_change_links_account_idx" ON "shopper_email_change_links" USING btree ("account_id","created_at");
