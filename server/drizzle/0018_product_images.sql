-- Photos staff upload for a product, in their shown order: [{id, width, height, widths}].
-- A column of products (not a table of its own) so the catalogue version trigger of migration
-- 0001 moves when photos change, and every cached answer and page shows them at once.
ALTER TABLE "products" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;
