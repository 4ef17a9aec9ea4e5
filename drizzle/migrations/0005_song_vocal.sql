ALTER TABLE "song_versions" ADD COLUMN "vocal_id" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "vocal_id" text;