CREATE TABLE "editor_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"wishlist_id" text NOT NULL,
	"email" text NOT NULL,
	"invited_by_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_id" text
);
--> statement-breakpoint
ALTER TABLE "editor_invitations" ADD CONSTRAINT "editor_invitations_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editor_invitations" ADD CONSTRAINT "editor_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editor_invitations" ADD CONSTRAINT "editor_invitations_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "editor_invitations_token_unique" ON "editor_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "editor_invitations_list_idx" ON "editor_invitations" USING btree ("wishlist_id");