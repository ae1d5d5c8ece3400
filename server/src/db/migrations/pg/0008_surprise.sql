ALTER TABLE "wishlists" ADD COLUMN "surprise_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wishlists" ADD COLUMN "editors_see_claims" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wishlists" ADD COLUMN "reveal_mailed_at" timestamp with time zone;