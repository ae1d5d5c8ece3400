DROP INDEX `notifications_mail_idx`;--> statement-breakpoint
CREATE INDEX `notifications_mail_idx` ON `notifications` (`mail_pending`,`created_at`);