CREATE TYPE "public"."delivery_kind" AS ENUM('release', 'takedown');--> statement-breakpoint
CREATE TYPE "public"."delivery_phase" AS ENUM('queued', 'uploading', 'uploaded', 'acknowledged', 'refused');--> statement-breakpoint
CREATE TABLE "distribution_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"release_id" text NOT NULL,
	"store_id" text NOT NULL,
	"kind" "delivery_kind" NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"phase" "delivery_phase" DEFAULT 'queued' NOT NULL,
	"batch" text,
	"message_id" text,
	"uploaded_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"uploaded_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_deliveries" ADD CONSTRAINT "store_deliveries_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_deliveries_release_store_kind" ON "store_deliveries" USING btree ("release_id","store_id","kind");--> statement-breakpoint
CREATE INDEX "store_deliveries_phase" ON "store_deliveries" USING btree ("phase");--> statement-breakpoint
CREATE UNIQUE INDEX "release_songs_isrc" ON "release_songs" USING btree ("isrc");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_upc" ON "releases" USING btree ("upc");