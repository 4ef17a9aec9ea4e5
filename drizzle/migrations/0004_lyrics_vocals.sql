CREATE TYPE "public"."lyrics_status" AS ENUM('pending', 'generating', 'completed', 'error');--> statement-breakpoint
CREATE TYPE "public"."vocal_kind" AS ENUM('take', 'generated');--> statement-breakpoint
CREATE TYPE "public"."vocal_status" AS ENUM('pending', 'generating_vocal_melody', 'generating_vocals_for_sections', 'completed', 'error');--> statement-breakpoint
CREATE TABLE "lyrics_generations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"song_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protected_lyrics" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"text" text NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "song_lyrics" (
	"song_id" text PRIMARY KEY NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'None' NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "lyrics_status" DEFAULT 'completed' NOT NULL,
	"error" text,
	"seed" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "song_vocals" (
	"id" text PRIMARY KEY NOT NULL,
	"song_id" text NOT NULL,
	"kind" "vocal_kind" NOT NULL,
	"status" "vocal_status" DEFAULT 'pending' NOT NULL,
	"error_code" text,
	"error" text,
	"vocal_file_id" text,
	"voice_id" text,
	"auto_vocal" boolean DEFAULT false NOT NULL,
	"emphasis" real DEFAULT 0.5 NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lyrics_snapshot" jsonb,
	"vocal_key" text,
	"mix_key" text,
	"saved" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vocal_files" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text,
	"mime_type" text,
	"duration_seconds" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lyrics_generations" ADD CONSTRAINT "lyrics_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lyrics_generations" ADD CONSTRAINT "lyrics_generations_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protected_lyrics" ADD CONSTRAINT "protected_lyrics_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_lyrics" ADD CONSTRAINT "song_lyrics_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_vocals" ADD CONSTRAINT "song_vocals_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_vocals" ADD CONSTRAINT "song_vocals_vocal_file_id_vocal_files_id_fk" FOREIGN KEY ("vocal_file_id") REFERENCES "public"."vocal_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocal_files" ADD CONSTRAINT "vocal_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lyrics_generations_user" ON "lyrics_generations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "song_vocals_song" ON "song_vocals" USING btree ("song_id","created_at");