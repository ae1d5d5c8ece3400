DROP INDEX "claims_item_idx";--> statement-breakpoint
CREATE INDEX "claims_item_name_idx" ON "claims" USING btree ("item_id","name");--> statement-breakpoint
CREATE INDEX "claims_list_name_idx" ON "claims" USING btree ("wishlist_id","name");