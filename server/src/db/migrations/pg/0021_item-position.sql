ALTER TABLE "items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written: existing lists keep the order they had (newest first, ids breaking ties)
UPDATE "items" SET "position" = (SELECT count(*) FROM "items" AS o WHERE o."wishlist_id" = "items"."wishlist_id" AND (o."created_at" > "items"."created_at" OR (o."created_at" = "items"."created_at" AND o."id" > "items"."id")));
