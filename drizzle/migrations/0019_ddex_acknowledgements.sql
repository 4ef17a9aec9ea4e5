ALTER TABLE "store_deliveries" ADD COLUMN "store_file_status" text;--> statement-breakpoint
ALTER TABLE "store_deliveries" ADD COLUMN "store_message" text;--> statement-breakpoint
ALTER TABLE "store_deliveries" ADD COLUMN "ack_problem" text;--> statement-breakpoint
ALTER TABLE "store_deliveries" ADD COLUMN "acknowledgement" text;