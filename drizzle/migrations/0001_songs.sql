CREATE TYPE "public"."song_origin" AS ENUM('create', 'rewrite', 'reproduce', 'render', 'pool');--> statement-breakpoint
CREATE TYPE "public"."song_status" AS ENUM('queue', 'composing_instrumental', 'recording_instrumental', 'complete', 'failed');--> statement-breakpoint
CREATE TABLE "compositions" (
	"id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "productions" (
	"id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "songs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"pooled" boolean DEFAULT false NOT NULL,
	"origin" "song_origin" DEFAULT 'create' NOT NULL,
	"status" "song_status" DEFAULT 'queue' NOT NULL,
	"style" text NOT NULL,
	"filter" text NOT NULL,
	"params" jsonb NOT NULL,
	"seed" integer NOT NULL,
	"production_seed" integer NOT NULL,
	"composition_id" text,
	"production_id" text,
	"batch_id" text NOT NULL,
	"batch_position" integer DEFAULT 0 NOT NULL,
	"song_name" text DEFAULT 'New Song' NOT NULL,
	"artist_name" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"saved" boolean DEFAULT false NOT NULL,
	"saved_at" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"rejected_at" timestamp with time zone,
	"tempo" integer,
	"key" text,
	"duration_seconds" real,
	"media" jsonb,
	"wave_preview" jsonb,
	"error" text,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_composition_id_compositions_id_fk" FOREIGN KEY ("composition_id") REFERENCES "public"."compositions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_production_id_productions_id_fk" FOREIGN KEY ("production_id") REFERENCES "public"."productions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "songs_user_assigned" ON "songs" USING btree ("user_id","assigned_at");--> statement-breakpoint
CREATE INDEX "songs_user_saved" ON "songs" USING btree ("user_id","saved_at") WHERE "songs"."saved";--> statement-breakpoint
CREATE INDEX "songs_pool" ON "songs" USING btree ("filter","created_at") WHERE "songs"."pooled";--> statement-breakpoint
CREATE INDEX "songs_batch" ON "songs" USING btree ("batch_id");