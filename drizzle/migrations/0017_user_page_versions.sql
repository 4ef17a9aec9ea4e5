CREATE TABLE "user_page_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Raises a user's page version (the row "*" is everyone's). Called from the deferred triggers below, so
-- the row is locked only for the end of the writing transaction, when it commits.
CREATE FUNCTION "bump_user_page_version"(owner text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "user_page_versions" ("user_id", "version") VALUES (owner, 1)
  ON CONFLICT ("user_id") DO UPDATE SET "version" = "user_page_versions"."version" + 1;
$$;
--> statement-breakpoint
-- Rows that carry their owner: cover art, Labs generations and access, subscriptions.
CREATE FUNCTION "user_page_version_by_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "bump_user_page_version"(OLD."user_id"); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN PERFORM "bump_user_page_version"(NEW."user_id"); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Songs: the library lists saved songs; an unsaved one (Create makes several) matters only as "a song
-- exists" (the onboarding steps), which its insert and delete cover.
CREATE FUNCTION "user_page_version_songs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."user_id" IS NOT NULL THEN PERFORM "bump_user_page_version"(NEW."user_id"); END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD."user_id" IS NOT NULL THEN PERFORM "bump_user_page_version"(OLD."user_id"); END IF;
  ELSIF NEW."saved" OR OLD."saved" OR NEW."user_id" IS DISTINCT FROM OLD."user_id" THEN
    IF OLD."user_id" IS NOT NULL THEN PERFORM "bump_user_page_version"(OLD."user_id"); END IF;
    IF NEW."user_id" IS NOT NULL AND NEW."user_id" IS DISTINCT FROM OLD."user_id" THEN PERFORM "bump_user_page_version"(NEW."user_id"); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A song's versions: "the user has made an edit" (the onboarding steps).
CREATE FUNCTION "user_page_version_song_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_user_page_version"(s."user_id") FROM "songs" s
  WHERE s."id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."song_id" ELSE NEW."song_id" END AND s."user_id" IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Releases: their owner's pages, and everyone's while the release is featured (the releases tab).
CREATE FUNCTION "user_page_version_releases"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END;
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "bump_user_page_version"(OLD."user_id"); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN PERFORM "bump_user_page_version"(NEW."user_id"); END IF;
  IF EXISTS (SELECT 1 FROM "featured_releases" f WHERE f."release_id" = changed) THEN PERFORM "bump_user_page_version"('*'); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A release's tracks and per-store deliveries: the release owner's pages.
CREATE FUNCTION "user_page_version_by_release_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "bump_user_page_version"(r."user_id") FROM "releases" r WHERE r."id" = OLD."release_id";
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."release_id" IS DISTINCT FROM OLD."release_id") THEN
    PERFORM "bump_user_page_version"(r."user_id") FROM "releases" r WHERE r."id" = NEW."release_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_page_version_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_user_page_version"('*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "songs_user_page_version" AFTER INSERT OR UPDATE OR DELETE ON "songs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_songs"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "song_versions_user_page_version" AFTER INSERT OR DELETE ON "song_versions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_song_versions"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "releases_user_page_version" AFTER INSERT OR UPDATE OR DELETE ON "releases" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_releases"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "release_songs_user_page_version" AFTER INSERT OR UPDATE OR DELETE ON "release_songs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_by_release_id"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "store_deliveries_user_page_version" AFTER INSERT OR UPDATE OR DELETE ON "store_deliveries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_by_release_id"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cover_art_user_page_version" AFTER INSERT OR UPDATE OR DELETE ON "cover_art" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_by_user_id"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "labs_generations_user_page_version" AFTER INSERT OR UPDATE OR DELETE ON "labs_generations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_by_user_id"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "labs_access_user_page_version" AFTER INSERT OR UPDATE OR DELETE ON "labs_access" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_by_user_id"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subscriptions_user_page_version" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_by_user_id"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "featured_releases_user_page_version" AFTER INSERT OR UPDATE OR DELETE ON "featured_releases" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_everyone"();
