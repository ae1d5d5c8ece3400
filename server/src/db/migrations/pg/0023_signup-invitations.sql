CREATE TABLE "signup_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "signup_invitations" ADD CONSTRAINT "signup_invitations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;