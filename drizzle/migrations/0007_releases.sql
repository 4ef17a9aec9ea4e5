CREATE TYPE "public"."cover_art_source" AS ENUM('upload', 'generated');--> statement-breakpoint
CREATE TYPE "public"."generated_art_status" AS ENUM('queue', 'complete', 'failed');--> statement-breakpoint
CREATE TYPE "public"."restricted_name_kind" AS ENUM('artist', 'generic');--> statement-breakpoint
CREATE TABLE "cover_art" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source" "cover_art_source" NOT NULL,
	"original_key" text,
	"sizes" jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"format" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "featured_releases" (
	"release_id" text PRIMARY KEY NOT NULL,
	"active_from" timestamp with time zone DEFAULT now() NOT NULL,
	"active_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "generated_art" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"release_id" text,
	"keyword" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"artist_name" text DEFAULT '' NOT NULL,
	"genre" text DEFAULT 'alt' NOT NULL,
	"status" "generated_art_status" DEFAULT 'queue' NOT NULL,
	"cover_art_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_songs" (
	"release_id" text NOT NULL,
	"song_id" text NOT NULL,
	"position" integer NOT NULL,
	"isrc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_status_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"release_id" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"actor_id" text,
	"action" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"artist_name" text NOT NULL,
	"genre" text DEFAULT 'alt' NOT NULL,
	"language" text,
	"explicit" smallint,
	"cover_art_id" text,
	"cover_art_credit_name" text,
	"cover_art_credit_url" text,
	"status" smallint,
	"label" text,
	"upc" text,
	"release_date" text,
	"issues" jsonb,
	"submitted_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restricted_artist_names" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"kind" "restricted_name_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restricted_artist_names_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"usage" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "cover_art" ADD CONSTRAINT "cover_art_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_releases" ADD CONSTRAINT "featured_releases_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_art" ADD CONSTRAINT "generated_art_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_art" ADD CONSTRAINT "generated_art_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_art" ADD CONSTRAINT "generated_art_cover_art_id_cover_art_id_fk" FOREIGN KEY ("cover_art_id") REFERENCES "public"."cover_art"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_songs" ADD CONSTRAINT "release_songs_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_songs" ADD CONSTRAINT "release_songs_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_status_changes" ADD CONSTRAINT "release_status_changes_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_status_changes" ADD CONSTRAINT "release_status_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_cover_art_id_cover_art_id_fk" FOREIGN KEY ("cover_art_id") REFERENCES "public"."cover_art"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cover_art_user" ON "cover_art" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "generated_art_user" ON "generated_art" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "release_songs_release_song" ON "release_songs" USING btree ("release_id","song_id");--> statement-breakpoint
CREATE INDEX "release_songs_song" ON "release_songs" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "release_status_changes_release" ON "release_status_changes" USING btree ("release_id","created_at");--> statement-breakpoint
CREATE INDEX "releases_user" ON "releases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "releases_status" ON "releases" USING btree ("status");--> statement-breakpoint
-- Tag rows follow songs.tags (drizzle/schema/releases.ts `tags`): every write of a song's tags, from any
-- code path, adds rows for new tags and moves `usage` (songs carrying the tag) by the difference.
CREATE OR REPLACE FUNCTION "songloom_song_tags_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_keys text[] := '{}';
	new_keys text[] := '{}';
BEGIN
	IF TG_OP <> 'INSERT' THEN
		old_keys := ARRAY(SELECT DISTINCT lower(regexp_replace(btrim(t), '\s+', ' ', 'g')) FROM unnest(OLD.tags) AS t WHERE btrim(t) <> '');
	END IF;
	IF TG_OP <> 'DELETE' THEN
		new_keys := ARRAY(SELECT DISTINCT lower(regexp_replace(btrim(t), '\s+', ' ', 'g')) FROM unnest(NEW.tags) AS t WHERE btrim(t) <> '');
		INSERT INTO "tags" ("id", "name", "key", "usage")
		SELECT substr(md5(random()::text || clock_timestamp()::text || k), 1, 24),
			(SELECT regexp_replace(btrim(t), '\s+', ' ', 'g') FROM unnest(NEW.tags) AS t WHERE lower(regexp_replace(btrim(t), '\s+', ' ', 'g')) = k LIMIT 1),
			k, 1
		FROM unnest(new_keys) AS k WHERE NOT (k = ANY(old_keys))
		ON CONFLICT ("key") DO UPDATE SET "usage" = "tags"."usage" + 1;
	END IF;
	UPDATE "tags" SET "usage" = greatest("usage" - 1, 0) WHERE "key" = ANY(old_keys) AND NOT ("key" = ANY(new_keys));
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "songs_tags_sync" AFTER INSERT OR DELETE OR UPDATE OF "tags" ON "songs" FOR EACH ROW EXECUTE FUNCTION "songloom_song_tags_sync"();
--> statement-breakpoint
INSERT INTO "tags" ("id", "name", "key", "usage")
SELECT substr(md5(random()::text || clock_timestamp()::text || k), 1, 24), min(name), k, count(DISTINCT song_id)::int
FROM (
	SELECT s."id" AS song_id, regexp_replace(btrim(t), '\s+', ' ', 'g') AS name, lower(regexp_replace(btrim(t), '\s+', ' ', 'g')) AS k
	FROM "songs" AS s, unnest(s."tags") AS t WHERE btrim(t) <> ''
) AS existing
GROUP BY k
ON CONFLICT ("key") DO NOTHING;
