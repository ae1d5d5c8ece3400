ALTER TABLE "draw_participants" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "avoid_draw_id" text;