-- Search suggestions find typos in memory now, against the words of the products as they are
-- (suggestion-index.ts, decision 085): the vocabulary table of migration 0020 has no reader left.
-- Its statement triggers ran on every product write (a checkout's stock update included), and
-- words of changed or deleted products stayed in it.
DROP TRIGGER IF EXISTS "products_search_words_insert" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_search_words_update" ON "products";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "products_add_search_words"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "add_search_words"(text[]);
--> statement-breakpoint
DROP TABLE IF EXISTS "search_words";
