ALTER TABLE "songs" ADD COLUMN "preview_key" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "preview_seconds" real;