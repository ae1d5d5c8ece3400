ALTER TABLE `items` ADD `stored_image_url` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `image_checked_at` integer;