CREATE TABLE "release_review_locks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"admin_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "song_audio_checks" (
	"song_id" text PRIMARY KEY NOT NULL,
	"song_version" integer NOT NULL,
	"wav_sha256" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"integrated_lufs" real,
	"peak_dbfs" real,
	"clipped_samples" integer NOT NULL,
	"longest_silence_seconds" real NOT NULL,
	"leading_silence_seconds" real NOT NULL,
	"trailing_silence_seconds" real NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "release_review_locks" ADD CONSTRAINT "release_review_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_review_locks" ADD CONSTRAINT "release_review_locks_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_audio_checks" ADD CONSTRAINT "song_audio_checks_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_audio_checks_hash" ON "song_audio_checks" USING btree ("wav_sha256");--> statement-breakpoint
CREATE INDEX "releases_status_submitted" ON "releases" USING btree ("status","submitted_at","id");