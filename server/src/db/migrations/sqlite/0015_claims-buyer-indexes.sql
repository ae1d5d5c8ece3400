DROP INDEX `claims_item_idx`;--> statement-breakpoint
CREATE INDEX `claims_item_name_idx` ON `claims` (`item_id`,`name`);--> statement-breakpoint
CREATE INDEX `claims_list_name_idx` ON `claims` (`wishlist_id`,`name`);