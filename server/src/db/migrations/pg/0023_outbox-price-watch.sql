CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"body_html" text,
	"headers" text,
	"message_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"price_minor" bigint,
	"price" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"availability" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "price_source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "price_watch" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "price_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "price_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "price_check_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "availability" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "was_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "wishlists" ADD COLUMN "price_watch" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "price_history_item_idx" ON "price_history" USING btree ("item_id","checked_at");--> statement-breakpoint
CREATE INDEX "items_next_check_idx" ON "items" USING btree ("next_check_at");--> statement-breakpoint
-- hand-written: items with a shop link are watched from now on, their first checks spread over a day; their prices stay the owner's
UPDATE "items" SET "next_check_at" = now() + random() * interval '1 day' WHERE "url" LIKE 'http%';
