-- Reviews and questions of products. Nothing is public before staff approve it; a product's
-- rating (count and sum of its approved reviews' stars) is kept on the product row, so lists
-- filter and sort by it in the one query they already make.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_rating_idx" ON "products" (("rating_total"::numeric / NULLIF("rating_count", 0)));--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"room" text,
	"floor_use" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verified_buyer" boolean DEFAULT false NOT NULL,
	"order_item_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejection_reason" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"moderated_by" text,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5),
	CONSTRAINT "product_reviews_status_check" CHECK ("status" in ('pending', 'approved', 'rejected'))
);--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" ("product_id", "status", "created_at");--> statement-breakpoint
CREATE INDEX "product_reviews_status_idx" ON "product_reviews" ("status", "created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_order_item_unique" ON "product_reviews" ("order_item_id") WHERE "order_item_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "product_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"question" text NOT NULL,
	"asker_name" text NOT NULL,
	"asker_email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejection_reason" text,
	"moderated_by" text,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_questions_status_check" CHECK ("status" in ('pending', 'approved', 'rejected'))
);--> statement-breakpoint
CREATE INDEX "product_questions_product_idx" ON "product_questions" ("product_id", "status", "created_at");--> statement-breakpoint
CREATE INDEX "product_questions_status_idx" ON "product_questions" ("status", "created_at");--> statement-breakpoint
CREATE TABLE "product_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL REFERENCES "product_questions"("id") ON DELETE CASCADE,
	"text" text NOT NULL,
	"author_kind" text NOT NULL,
	"author_name" text NOT NULL,
	"author_email" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejection_reason" text,
	"moderated_by" text,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_answers_kind_check" CHECK ("author_kind" in ('staff', 'buyer')),
	CONSTRAINT "product_answers_status_check" CHECK ("status" in ('pending', 'approved', 'rejected'))
);--> statement-breakpoint
CREATE INDEX "product_answers_question_idx" ON "product_answers" ("question_id", "status");--> statement-breakpoint
CREATE INDEX "product_answers_status_idx" ON "product_answers" ("status", "created_at");--> statement-breakpoint
CREATE TABLE "review_requests" (
	"order_item_id" integer PRIMARY KEY NOT NULL REFERENCES "order_items"("id") ON DELETE CASCADE,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"email" text NOT NULL,
	"customer_name" text NOT NULL,
	"token_hash" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "review_requests_token_hash_unique" UNIQUE("token_hash")
);
