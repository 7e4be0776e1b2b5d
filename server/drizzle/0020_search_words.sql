-- The words shoppers can mean: every distinct word of the products' searchable words
-- (search_text: name, brand, collection, colour, style, construction, type), trigram-indexed.
-- A typed word with a typo is matched against these short words ("hardwod" -> hardwood), then
-- products are found by the corrected words through search_text's own index, instead of
-- rechecking word likeness over every long product text (about a second per typo on 20,000
-- products). Words of products since changed or deleted stay: a word no product has any more
-- finds nothing.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- Only words a typo could be corrected to: a letter in them and three characters or more (the
-- larger catalogue's numbered copies would otherwise add a word per product).
CREATE FUNCTION "add_search_words"(texts text[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "search_words" ("word")
	SELECT DISTINCT w FROM unnest(texts) AS t(text), regexp_split_to_table(t.text, '[^[:alnum:]]+') AS w
	WHERE length(w) >= 3 AND w ~ '[[:alpha:]]'
	ON CONFLICT ("word") DO NOTHING;
$$;
--> statement-breakpoint
CREATE FUNCTION "products_add_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "add_search_words"(ARRAY(SELECT "search_text" FROM new_rows));
	ELSE
		-- A stock or price change leaves the words alone: only changed texts are read.
		PERFORM "add_search_words"(ARRAY(
			SELECT n."search_text" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
			WHERE n."search_text" IS DISTINCT FROM o."search_text"));
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_add_search_words"();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_add_search_words"();
--> statement-breakpoint
SELECT "add_search_words"(ARRAY(SELECT "search_text" FROM "products"));
