CREATE TABLE "restricted_artist_name_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_distance" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "restricted_artist_name_settings" ("id", "max_distance") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
