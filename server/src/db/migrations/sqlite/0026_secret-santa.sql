CREATE TABLE `draw_exclusions` (
	`draw_id` text NOT NULL,
	`first_id` text NOT NULL,
	`second_id` text NOT NULL,
	PRIMARY KEY(`draw_id`, `first_id`, `second_id`),
	FOREIGN KEY (`draw_id`) REFERENCES `draws`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `draw_participants` (
	`id` text PRIMARY KEY NOT NULL,
	`draw_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`result_token` text NOT NULL,
	`recipient_id` text,
	`opened_at` integer,
	`wishlist_id` text,
	FOREIGN KEY (`draw_id`) REFERENCES `draws`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`wishlist_id`) REFERENCES `wishlists`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `draw_participants_email_unique` ON `draw_participants` (`draw_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `draw_participants_token_unique` ON `draw_participants` (`result_token`);--> statement-breakpoint
CREATE INDEX `draw_participants_by_email_idx` ON `draw_participants` (`email`);--> statement-breakpoint
CREATE TABLE `draw_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`draw_id` text NOT NULL,
	`asker_id` text NOT NULL,
	`giftee_id` text NOT NULL,
	`question` text NOT NULL,
	`answer` text,
	`answered_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`draw_id`) REFERENCES `draws`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `draw_questions_draw_idx` ON `draw_questions` (`draw_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `draws` (
	`id` text PRIMARY KEY NOT NULL,
	`organiser_id` text NOT NULL,
	`circle_id` text,
	`name` text DEFAULT '' NOT NULL,
	`budget_minor` integer,
	`currency` text,
	`gift_date` text,
	`drawn_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organiser_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `draws_organiser_idx` ON `draws` (`organiser_id`,`created_at`);