ALTER TABLE "items" ADD COLUMN "image_copy_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "image_copy_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "items_image_copy_idx" ON "items" USING btree ("image_checked_at","image_copy_due_at");--> statement-breakpoint
-- Items with no shop image have no copy to make: settled, so the copy queue never scans them.
UPDATE items SET image_checked_at = created_at WHERE image_checked_at IS NULL AND image_url NOT LIKE 'http%';
