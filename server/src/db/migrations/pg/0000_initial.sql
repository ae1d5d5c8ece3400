CREATE TABLE "domain_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"company_name" text NOT NULL,
	"logo_url" text NOT NULL,
	"primary_color" text DEFAULT '#363636' NOT NULL,
	"secondary_color" text DEFAULT '#e84393' NOT NULL,
	"landing_page_headline" text DEFAULT '' NOT NULL,
	"landing_page_subheadline" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"sent_by_id" text,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" text PRIMARY KEY NOT NULL,
	"wishlist_id" text NOT NULL,
	"title" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"price" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"is_group_gift" boolean DEFAULT false NOT NULL,
	"gift_card_url" text DEFAULT '' NOT NULL,
	"quantity_purchased" integer DEFAULT 0 NOT NULL,
	"purchased_by" text DEFAULT '' NOT NULL,
	"referral_program" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "items_quantity_min" CHECK ("items"."quantity" >= 1),
	CONSTRAINT "items_no_oversell" CHECK ("items"."quantity_purchased" >= 0 AND "items"."quantity_purchased" <= "items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"matcher" text NOT NULL,
	"program_name" text NOT NULL,
	"referral_code" text DEFAULT '' NOT NULL,
	"id_regex" text DEFAULT '' NOT NULL,
	"url_structure" text DEFAULT '' NOT NULL,
	"gift_card_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scrape_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"source_url" text NOT NULL,
	"success" boolean NOT NULL,
	"duration_ms" integer,
	"strategy" text,
	"error" text,
	"requested_by_id" text,
	"ip_address" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scraper_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"strategy" text DEFAULT 'cheerio' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"title_selector" text DEFAULT '' NOT NULL,
	"price_selector" text DEFAULT '' NOT NULL,
	"image_selector" text DEFAULT '' NOT NULL,
	"image_attribute" text DEFAULT 'src' NOT NULL,
	"is_price_complex" boolean DEFAULT false NOT NULL,
	"average_scrape_time_ms" double precision,
	"scrape_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"registered_on_domain" text DEFAULT '' NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"domain" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishlist_capabilities" (
	"secret_hash" text PRIMARY KEY NOT NULL,
	"wishlist_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishlist_editors" (
	"wishlist_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wishlist_editors_wishlist_id_user_id_pk" PRIMARY KEY("wishlist_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "wishlists" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"theme" text DEFAULT 'Other' NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"event_date" text,
	"expires_at" timestamp with time zone,
	"cover_image" text,
	"color_set" text DEFAULT 'default' NOT NULL,
	"owner_id" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrape_logs" ADD CONSTRAINT "scrape_logs_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_capabilities" ADD CONSTRAINT "wishlist_capabilities_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_editors" ADD CONSTRAINT "wishlist_editors_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_editors" ADD CONSTRAINT "wishlist_editors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlists" ADD CONSTRAINT "wishlists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domain_configs_hostname_unique" ON "domain_configs" USING btree ("hostname");--> statement-breakpoint
CREATE INDEX "email_logs_created_idx" ON "email_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "items_wishlist_idx" ON "items" USING btree ("wishlist_id","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scrape_logs_created_idx" ON "scrape_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scraper_configs_domain_unique" ON "scraper_configs" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_file_name_unique" ON "uploads" USING btree ("file_name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "visitor_logs_created_idx" ON "visitor_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "visitor_logs_ip_idx" ON "visitor_logs" USING btree ("ip_address");--> statement-breakpoint
CREATE INDEX "wishlist_capabilities_list_idx" ON "wishlist_capabilities" USING btree ("wishlist_id");--> statement-breakpoint
CREATE INDEX "wishlist_editors_user_idx" ON "wishlist_editors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wishlists_owner_idx" ON "wishlists" USING btree ("owner_id");