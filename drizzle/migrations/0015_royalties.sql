CREATE TYPE "public"."royalty_held_status" AS ENUM('held', 'approved');--> statement-breakpoint
CREATE TYPE "public"."royalty_report_status" AS ENUM('pending', 'processing', 'complete', 'failed');--> statement-breakpoint
ALTER TYPE "public"."ledger_account_kind" ADD VALUE 'royalties_unmatched';--> statement-breakpoint
CREATE TABLE "email_changes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"new_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_monthly" (
	"user_id" text NOT NULL,
	"song_id" text NOT NULL,
	"store" text NOT NULL,
	"month" date NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	"revenue_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stream_monthly_user_id_song_id_store_month_pk" PRIMARY KEY("user_id","song_id","store","month")
);
--> statement-breakpoint
CREATE TABLE "royalty_held_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"store" text NOT NULL,
	"territory" text NOT NULL,
	"isrc" text NOT NULL,
	"upc" text NOT NULL,
	"usage_type" text NOT NULL,
	"raw" text NOT NULL,
	"streams" integer DEFAULT 0 NOT NULL,
	"gross_micros" bigint DEFAULT 0 NOT NULL,
	"day" date,
	"reason" text NOT NULL,
	"status" "royalty_held_status" DEFAULT 'held' NOT NULL,
	"song_id" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"path" text NOT NULL,
	"reference" text,
	"account" text,
	"status" "royalty_report_status" DEFAULT 'pending' NOT NULL,
	"statement_date" date,
	"lines_done" integer DEFAULT 0 NOT NULL,
	"lines_matched" integer DEFAULT 0 NOT NULL,
	"lines_held" integer DEFAULT 0 NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	"gross_micros" bigint DEFAULT 0 NOT NULL,
	"creator_micros" bigint DEFAULT 0 NOT NULL,
	"held_micros" bigint DEFAULT 0 NOT NULL,
	"first_day" date,
	"last_day" date,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_streams" (
	"song_id" text NOT NULL,
	"user_id" text NOT NULL,
	"isrc" text NOT NULL,
	"upc" text NOT NULL,
	"store" text NOT NULL,
	"territory" text NOT NULL,
	"day" date NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	"gross_micros" bigint DEFAULT 0 NOT NULL,
	"creator_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "royalty_streams_day_song_id_store_territory_pk" PRIMARY KEY("day","song_id","store","territory")
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_monthly" ADD CONSTRAINT "stream_monthly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_held_lines" ADD CONSTRAINT "royalty_held_lines_report_id_royalty_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."royalty_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_held_lines" ADD CONSTRAINT "royalty_held_lines_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_reports" ADD CONSTRAINT "royalty_reports_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_streams" ADD CONSTRAINT "royalty_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_user" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stream_monthly_user_month" ON "stream_monthly" USING btree ("user_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_held_lines_line" ON "royalty_held_lines" USING btree ("report_id","line_no");--> statement-breakpoint
CREATE INDEX "royalty_held_lines_status" ON "royalty_held_lines" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_reports_sha256" ON "royalty_reports" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "royalty_reports_status" ON "royalty_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "royalty_streams_isrc" ON "royalty_streams" USING btree ("isrc","day");--> statement-breakpoint
CREATE INDEX "royalty_streams_upc" ON "royalty_streams" USING btree ("upc","day");--> statement-breakpoint
-- Months already in stream_daily (royalties credited before this migration) start the monthly rollup.
INSERT INTO "stream_monthly" ("user_id", "song_id", "store", "month", "streams", "revenue_micros")
SELECT "user_id", "song_id", "store", date_trunc('month', "day")::date, sum("streams"), sum("revenue_micros") FROM "stream_daily" GROUP BY 1, 2, 3, 4;
