-- One search in PostgreSQL for the header's suggestions and the product list (decision 110):
-- an accessory is also found by its kind as the store names it ("transition" finds the
-- T-moldings, "stair nose" the nosings), so the kind joins the product's searchable words. A
-- generated column's expression cannot be altered on PostgreSQL 15: it is dropped and added again
-- with its trigram index.
DROP INDEX IF EXISTS "products_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN IF EXISTS "search_text";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("brand", '') || ' ' || coalesce("collection", '') || ' ' || coalesce("color", '') || ' ' || coalesce("style_color", '') || ' ' || coalesce("construction", '') || ' ' || coalesce("type", '') || CASE "accessory_kind" WHEN 'underlayment' THEN ' underlayment' WHEN 'adhesive' THEN ' adhesive' WHEN 'transition' THEN ' transitions' WHEN 'reducer' THEN ' reducers' WHEN 'stair_nose' THEN ' stair nose' WHEN 'quarter_round' THEN ' quarter round' ELSE '' END)) STORED;--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);
