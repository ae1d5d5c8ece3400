CREATE TABLE "claims" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"wishlist_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"user_id" text,
	"token_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "claims_quantity_min" CHECK ("claims"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claims_item_idx" ON "claims" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_token_unique" ON "claims" USING btree ("token_hash");--> statement-breakpoint
-- Purchases made before claims existed become one claim per item (no manage token, the buyers' names kept),
-- so quantity_purchased is the sum of its claims on upgraded databases too.
INSERT INTO "claims" ("id", "item_id", "wishlist_id", "quantity", "name", "created_at", "updated_at")
SELECT 'migrated-' || "id", "id", "wishlist_id", "quantity_purchased", "purchased_by", "updated_at", "updated_at" FROM "items" WHERE "quantity_purchased" > 0;--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN "purchased_by";