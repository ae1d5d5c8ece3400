ALTER TABLE `wishlists` ADD `surprise_until` integer;--> statement-breakpoint
ALTER TABLE `wishlists` ADD `editors_see_claims` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `wishlists` ADD `reveal_mailed_at` integer;