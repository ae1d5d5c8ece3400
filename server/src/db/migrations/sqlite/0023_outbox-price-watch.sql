CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`body_text` text NOT NULL,
	`body_html` text,
	`headers` text,
	`message_id` text NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`due_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`due_at`);--> statement-breakpoint
CREATE TABLE `price_history` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`checked_at` integer NOT NULL,
	`price_minor` integer,
	`price` text DEFAULT '' NOT NULL,
	`currency` text DEFAULT '' NOT NULL,
	`availability` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_history_item_idx` ON `price_history` (`item_id`,`checked_at`);--> statement-breakpoint
ALTER TABLE `items` ADD `price_source` text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `price_watch` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `next_check_at` integer;--> statement-breakpoint
ALTER TABLE `items` ADD `price_seen_at` integer;--> statement-breakpoint
ALTER TABLE `items` ADD `price_checked_at` integer;--> statement-breakpoint
ALTER TABLE `items` ADD `price_check_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `availability` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `was_price_minor` integer;--> statement-breakpoint
CREATE INDEX `items_next_check_idx` ON `items` (`next_check_at`);--> statement-breakpoint
ALTER TABLE `wishlists` ADD `price_watch` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- hand-written: items with a shop link are watched from now on, their first checks spread over a day; their prices stay the owner's
UPDATE `items` SET `next_check_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER) + abs(random() % 86400000) WHERE `url` LIKE 'http%';
