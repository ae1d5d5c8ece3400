CREATE TABLE "list_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"wishlist_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" text,
	"title" text DEFAULT '' NOT NULL,
	"was" text,
	"now" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "list_changes_kind" CHECK ("list_changes"."kind" IN ('item-added', 'item-removed', 'price-dropped', 'date-moved'))
);
--> statement-breakpoint
CREATE TABLE "list_followers" (
	"id" text PRIMARY KEY NOT NULL,
	"wishlist_id" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"manage_token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"frequency" text DEFAULT 'weekly' NOT NULL,
	"reminder_days" integer,
	"digest_from" timestamp with time zone,
	"next_digest_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "list_followers_frequency" CHECK ("list_followers"."frequency" IN ('daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "notification_mail_kinds" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "notification_mail_kinds_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"wishlist_id" text,
	"list_name" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"mail_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"wishlist_id" text NOT NULL,
	"recipient" text NOT NULL,
	"occurrence" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminders_sent_wishlist_id_recipient_occurrence_pk" PRIMARY KEY("wishlist_id","recipient","occurrence")
);
--> statement-breakpoint
ALTER TABLE "list_changes" ADD CONSTRAINT "list_changes_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_followers" ADD CONSTRAINT "list_followers_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_followers" ADD CONSTRAINT "list_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mail_kinds" ADD CONSTRAINT "notification_mail_kinds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_changes_list_idx" ON "list_changes" USING btree ("wishlist_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "list_followers_list_email_unique" ON "list_followers" USING btree ("wishlist_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "list_followers_token_unique" ON "list_followers" USING btree ("manage_token");--> statement-breakpoint
CREATE INDEX "list_followers_digest_idx" ON "list_followers" USING btree ("next_digest_at");--> statement-breakpoint
CREATE INDEX "list_followers_user_idx" ON "list_followers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_mail_idx" ON "notifications" USING btree ("mail_pending");