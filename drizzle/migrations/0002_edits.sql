CREATE TYPE "public"."subscription_status" AS ENUM('active', 'past_due', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."download_format" AS ENUM('mp3', 'wav', 'midi', 'stems');--> statement-breakpoint
CREATE TYPE "public"."song_version_change" AS ENUM('production', 'notes', 'arrangement', 'vocals');--> statement-breakpoint
CREATE TYPE "public"."song_version_status" AS ENUM('queue', 'rendering', 'complete', 'failed');--> statement-breakpoint
CREATE TYPE "public"."wav_status" AS ENUM('none', 'fetching', 'ready', 'error');--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"status" "subscription_status" DEFAULT 'active' NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "song_downloads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"song_id" text NOT NULL,
	"format" "download_format" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "song_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"song_id" text NOT NULL,
	"version" integer NOT NULL,
	"change" "song_version_change" NOT NULL,
	"status" "song_version_status" DEFAULT 'queue' NOT NULL,
	"composition_id" text NOT NULL,
	"production_id" text NOT NULL,
	"params" jsonb NOT NULL,
	"production_seed" integer NOT NULL,
	"previous_media" jsonb,
	"previous_version" integer NOT NULL,
	"media" jsonb,
	"wave_preview" jsonb,
	"duration_seconds" real,
	"error" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "mastered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "copied_from_id" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "wav_status" "wav_status" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "wav_key" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "wav_version" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_downloads" ADD CONSTRAINT "song_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_downloads" ADD CONSTRAINT "song_downloads_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_versions" ADD CONSTRAINT "song_versions_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_versions" ADD CONSTRAINT "song_versions_composition_id_compositions_id_fk" FOREIGN KEY ("composition_id") REFERENCES "public"."compositions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_versions" ADD CONSTRAINT "song_versions_production_id_productions_id_fk" FOREIGN KEY ("production_id") REFERENCES "public"."productions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_user" ON "subscriptions" USING btree ("user_id","current_period_end");--> statement-breakpoint
CREATE INDEX "song_downloads_user_format" ON "song_downloads" USING btree ("user_id","format","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "song_versions_song_version" ON "song_versions" USING btree ("song_id","version");