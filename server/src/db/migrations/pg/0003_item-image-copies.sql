ALTER TABLE "items" ADD COLUMN "stored_image_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "image_checked_at" timestamp with time zone;