CREATE TABLE "visitor_addresses" (
	"ip_address" text PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "visitor_logs_ip_idx";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "shop_domain" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "visitor_addresses_seen_idx" ON "visitor_addresses" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "items_referral_program_idx" ON "items" USING btree ("referral_program");--> statement-breakpoint
CREATE INDEX "wishlists_deleted_idx" ON "wishlists" USING btree ("is_deleted");--> statement-breakpoint
--> backfill
-- Hand-written: built once the backfill has filled shop_domain (not moved a million times while it does).
CREATE INDEX "items_shop_idx" ON "items" USING btree ("shop_domain","currency","price","quantity");
