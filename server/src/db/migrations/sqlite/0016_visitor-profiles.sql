CREATE TABLE `visitor_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`domain` text NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
--> backfill
-- Hand-written (re-apply after regenerating): the backfill has written one visitor_profiles row per
-- distinct (domain, city, country, user agent) of the log, with the writer's own ids; the log is
-- rebuilt in one pass that joins each row to its profile (SQLite cannot drop indexed columns).
CREATE INDEX `visitor_profiles_values_tmp` ON `visitor_profiles` (`domain`,`city`,`country`,`user_agent`);--> statement-breakpoint
CREATE TABLE `__new_visitor_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`profile_id` text NOT NULL,
	`ip_address` text NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `visitor_profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_visitor_logs` (`id`, `created_at`, `profile_id`, `ip_address`)
SELECT l.`id`, l.`created_at`, p.`id`, l.`ip_address` FROM `visitor_logs` l
JOIN `visitor_profiles` p ON p.`domain` = l.`domain` AND p.`city` = l.`city` AND p.`country` = l.`country` AND p.`user_agent` = l.`user_agent`;--> statement-breakpoint
DROP TABLE `visitor_logs`;--> statement-breakpoint
ALTER TABLE `__new_visitor_logs` RENAME TO `visitor_logs`;--> statement-breakpoint
DROP INDEX `visitor_profiles_values_tmp`;--> statement-breakpoint
CREATE INDEX `visitor_logs_created_idx` ON `visitor_logs` (`created_at`);--> statement-breakpoint
CREATE INDEX `visitor_logs_profile_idx` ON `visitor_logs` (`profile_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `visitor_logs_address_idx` ON `visitor_logs` (`ip_address`,`created_at`);
