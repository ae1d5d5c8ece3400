CREATE TABLE `list_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`wishlist_id` text NOT NULL,
	`kind` text NOT NULL,
	`item_id` text,
	`title` text DEFAULT '' NOT NULL,
	`was` text,
	`now` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`wishlist_id`) REFERENCES `wishlists`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "list_changes_kind" CHECK("list_changes"."kind" IN ('item-added', 'item-removed', 'price-dropped', 'date-moved'))
);
--> statement-breakpoint
CREATE INDEX `list_changes_list_idx` ON `list_changes` (`wishlist_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `list_followers` (
	`id` text PRIMARY KEY NOT NULL,
	`wishlist_id` text NOT NULL,
	`email` text NOT NULL,
	`user_id` text,
	`manage_token` text NOT NULL,
	`confirmed_at` integer,
	`frequency` text DEFAULT 'weekly' NOT NULL,
	`reminder_days` integer,
	`digest_from` integer,
	`next_digest_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`wishlist_id`) REFERENCES `wishlists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "list_followers_frequency" CHECK("list_followers"."frequency" IN ('daily', 'weekly'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `list_followers_list_email_unique` ON `list_followers` (`wishlist_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `list_followers_token_unique` ON `list_followers` (`manage_token`);--> statement-breakpoint
CREATE INDEX `list_followers_digest_idx` ON `list_followers` (`next_digest_at`);--> statement-breakpoint
CREATE INDEX `list_followers_user_idx` ON `list_followers` (`user_id`);--> statement-breakpoint
CREATE TABLE `notification_mail_kinds` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`wishlist_id` text,
	`list_name` text DEFAULT '' NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`read_at` integer,
	`mail_pending` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`wishlist_id`) REFERENCES `wishlists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_mail_idx` ON `notifications` (`mail_pending`);--> statement-breakpoint
CREATE TABLE `reminders_sent` (
	`wishlist_id` text NOT NULL,
	`recipient` text NOT NULL,
	`occurrence` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`wishlist_id`, `recipient`, `occurrence`),
	FOREIGN KEY (`wishlist_id`) REFERENCES `wishlists`(`id`) ON UPDATE no action ON DELETE cascade
);
