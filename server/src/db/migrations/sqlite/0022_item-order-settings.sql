CREATE TABLE `instance_settings` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `signup_invitations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`created_by_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `items` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written: existing lists keep the order they had (newest first, ids breaking ties)
UPDATE `items` SET `position` = (SELECT count(*) FROM `items` AS o WHERE o.`wishlist_id` = `items`.`wishlist_id` AND (o.`created_at` > `items`.`created_at` OR (o.`created_at` = `items`.`created_at` AND o.`id` > `items`.`id`)));
