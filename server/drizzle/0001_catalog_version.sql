-- One counter that moves whenever the products table changes, so every app process can tell in
-- one cheap read whether a cached catalogue answer is still current (docs/decisions/041).
CREATE TABLE "catalog_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"version" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Bumps once per transaction. Run as a deferred constraint trigger, so the counter's row lock is
-- taken at commit, after every product row lock the transaction holds: checkouts of different
-- products never wait on each other for it, and two transactions cannot deadlock over it.
CREATE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('mcf.catalog_version_bumped', true) IS DISTINCT FROM txid_current()::text THEN
		UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1;
		PERFORM set_config('mcf.catalog_version_bumped', txid_current()::text, true);
		-- Delivered at commit; the embedded database's one process listens instead of reading.
		PERFORM pg_notify('catalog_changed', '');
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_bump_catalog_version"
	AFTER INSERT OR UPDATE OR DELETE ON "products"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "products_truncate_bumps_catalog_version"
	AFTER TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
