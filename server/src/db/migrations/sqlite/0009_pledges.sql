ALTER TABLE `claims` ADD `kind` text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE `claims` ADD `amount_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `pledged_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `pledge_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `wishlists` ADD `allow_over_pledge` integer DEFAULT false NOT NULL;