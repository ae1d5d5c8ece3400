CREATE TABLE "circle_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"circle_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "circles" RENAME COLUMN "join_token" TO "join_token_hash";--> statement-breakpoint
DROP INDEX "circles_join_token_unique";--> statement-breakpoint
ALTER TABLE "draw_participants" ADD COLUMN "from_circle" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_invitations" ADD CONSTRAINT "circle_invitations_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_invitations_circle_idx" ON "circle_invitations" USING btree ("circle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "circles_join_token_hash_unique" ON "circles" USING btree ("join_token_hash");