ALTER TABLE "wishlists" ADD COLUMN "reminders_from" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","read_at");--> statement-breakpoint
CREATE INDEX "wishlists_reminders_idx" ON "wishlists" USING btree ("reminders_from");--> statement-breakpoint
-- hand-written: lists with an event date are looked at by the next reminders run, which sets each one's window
UPDATE "wishlists" SET "reminders_from" = to_timestamp(0) WHERE "event_date" IS NOT NULL;
