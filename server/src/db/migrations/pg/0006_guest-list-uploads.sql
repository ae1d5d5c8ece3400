ALTER TABLE "uploads" ADD COLUMN "guest_list_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_guest_list_id_wishlists_id_fk" FOREIGN KEY ("guest_list_id") REFERENCES "public"."wishlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_guest_list_idx" ON "uploads" USING btree ("guest_list_id");