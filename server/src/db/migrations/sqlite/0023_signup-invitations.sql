CREATE TABLE `signup_invitations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`created_by_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
