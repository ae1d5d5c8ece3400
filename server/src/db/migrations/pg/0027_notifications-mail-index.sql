DROP INDEX "notifications_mail_idx";--> statement-breakpoint
CREATE INDEX "notifications_mail_idx" ON "notifications" USING btree ("mail_pending","created_at");