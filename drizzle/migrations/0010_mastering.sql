CREATE TYPE "public"."mastering_file_status" AS ENUM('waiting', 'queued', 'processing', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."mastering_file_type" AS ENUM('dolby_previews', 'dolby_master');--> statement-breakpoint
CREATE TYPE "public"."mastering_purchase_status" AS ENUM('pending', 'paid');--> statement-breakpoint
CREATE TABLE "mastering_files" (
	"id" text PRIMARY KEY NOT NULL,
	"song_id" text NOT NULL,
	"user_id" text NOT NULL,
	"type" "mastering_file_type" NOT NULL,
	"status" "mastering_file_status" DEFAULT 'queued' NOT NULL,
	"song_version" integer NOT NULL,
	"metadata" jsonb NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mastering_purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"song_id" text NOT NULL,
	"user_id" text NOT NULL,
	"preset" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" "mastering_purchase_status" DEFAULT 'pending' NOT NULL,
	"provider_reference" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mastering_files" ADD CONSTRAINT "mastering_files_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mastering_files" ADD CONSTRAINT "mastering_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mastering_purchases" ADD CONSTRAINT "mastering_purchases_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mastering_purchases" ADD CONSTRAINT "mastering_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mastering_files_song_type" ON "mastering_files" USING btree ("song_id","type");--> statement-breakpoint
CREATE INDEX "mastering_purchases_song" ON "mastering_purchases" USING btree ("song_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "mastering_purchases_reference" ON "mastering_purchases" USING btree ("provider_reference") WHERE "mastering_purchases"."provider_reference" is not null;