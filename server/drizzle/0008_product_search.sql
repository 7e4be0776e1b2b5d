-- Search that forgives typos: trigram matching over the words a shopper would type for a product.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("brand", '') || ' ' || coalesce("collection", '') || ' ' || coalesce("color", '') || ' ' || coalesce("style_color", '') || ' ' || coalesce("construction", '') || ' ' || coalesce("type", ''))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);
