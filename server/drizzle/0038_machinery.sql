-- The catalogue's words, for the typo check of the search (decision 133). A typed word with a
-- typo is compared with these short words ("hikory" -> hickory) and products are then found by
-- the words it is like through search_text's own trigram index, instead of rechecking word
-- likeness over every product text that shares a few trigrams with it (a half-typed "lamn"
-- rechecked every laminate: 150-650 ms on 20,000 products). A row trigger on the text columns
-- only: a checkout's stock update never runs it. Words of products since renamed or deleted stay;
-- such a word finds nothing, and the list's "Showing results for" only names words a product has.
CREATE TABLE IF NOT EXISTS "search_words" (
	"word" text PRIMARY KEY
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_add_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" ("word")
	SELECT DISTINCT w FROM regexp_split_to_table(NEW."search_text", '[^[:alnum:]]+') AS w
	WHERE length(w) >= 2 AND w ~ '[[:alpha:]]'
	ON CONFLICT ("word") DO NOTHING;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_search_words" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_search_words"
	AFTER INSERT OR UPDATE OF "name", "brand", "collection", "color", "style_color", "construction", "type", "accessory_kind"
	ON "products" FOR EACH ROW EXECUTE FUNCTION "products_add_search_words"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w FROM "products", regexp_split_to_table("search_text", '[^[:alnum:]]+') AS w
WHERE length(w) >= 2 AND w ~ '[[:alpha:]]'
ON CONFLICT ("word") DO NOTHING;
