ALTER TABLE "claims" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "amount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "pledged_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "pledge_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wishlists" ADD COLUMN "allow_over_pledge" boolean DEFAULT false NOT NULL;