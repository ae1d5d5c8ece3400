ALTER TABLE `wishlists` ADD `reminders_from` integer;--> statement-breakpoint
CREATE INDEX `wishlists_reminders_idx` ON `wishlists` (`reminders_from`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`read_at`);--> statement-breakpoint
-- hand-written: lists with an event date are looked at by the next reminders run, which sets each one's window
UPDATE `wishlists` SET `reminders_from` = 0 WHERE `event_date` IS NOT NULL;
