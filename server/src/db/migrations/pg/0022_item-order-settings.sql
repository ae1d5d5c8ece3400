CREATE TABLE "instance_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signup_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signup_invitations" ADD CONSTRAINT "signup_invitations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written: existing lists keep the order they had (newest first, ids breaking ties)
UPDATE "items" SET "position" = (SELECT count(*) FROM "items" AS o WHERE o."wishlist_id" = "items"."wishlist_id" AND (o."created_at" > "items"."created_at" OR (o."created_at" = "items"."created_at" AND o."id" > "items"."id")));
