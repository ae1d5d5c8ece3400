ALTER TABLE `circles` RENAME COLUMN "join_token" TO "join_token_hash";--> statement-breakpoint
CREATE TABLE `circle_invitations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`circle_id` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `circle_invitations_circle_idx` ON `circle_invitations` (`circle_id`);--> statement-breakpoint
DROP INDEX `circles_join_token_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `circles_join_token_hash_unique` ON `circles` (`join_token_hash`);--> statement-breakpoint
ALTER TABLE `draw_participants` ADD `from_circle` integer DEFAULT false NOT NULL;