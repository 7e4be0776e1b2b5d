-- The owner's store settings (business details, tax rates, delivery and sample prices, partners,
-- the room visualizer, collection names): one row holding the saved document. With no row, the
-- shipped defaults apply (server/src/modules/settings). Pages show these values, so a change
-- moves the content version at commit and every process's page cache renders anew (migration 0013).
CREATE TABLE "store_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"settings" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "store_settings_bump_content_version" AFTER INSERT OR UPDATE OR DELETE
ON "store_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
