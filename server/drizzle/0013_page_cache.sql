-- One counter for what a page shows besides products: store settings and other staff-edited
-- content. Cached pages are filed under it next to the catalogue version (docs/decisions/076), so
-- a settings change shows on the next request in every process, as a price edit does.
CREATE TABLE "content_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"version" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Bumps once per transaction, at commit, exactly as bump_catalog_version does for products. A
-- table whose rows pages show (a future store-settings table) attaches it with:
--   CREATE CONSTRAINT TRIGGER "<table>_bump_content_version" AFTER INSERT OR UPDATE OR DELETE
--   ON "<table>" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
CREATE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('mcf.content_version_bumped', true) IS DISTINCT FROM txid_current()::text THEN
		UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1;
		PERFORM set_config('mcf.content_version_bumped', txid_current()::text, true);
		-- Delivered at commit; the embedded database's one process listens instead of reading.
		PERFORM pg_notify('content_changed', '');
	END IF;
	RETURN NULL;
END;
$$;
