ALTER TABLE `draw_participants` ADD `user_id` text;--> statement-breakpoint
ALTER TABLE `draws` ADD `avoid_draw_id` text;