ALTER TABLE `uploads` ADD `guest_list_id` text REFERENCES wishlists(id);--> statement-breakpoint
CREATE INDEX `uploads_guest_list_idx` ON `uploads` (`guest_list_id`);