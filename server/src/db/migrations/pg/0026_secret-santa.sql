CREATE TABLE "draw_exclusions" (
	"draw_id" text NOT NULL,
	"first_id" text NOT NULL,
	"second_id" text NOT NULL,
	CONSTRAINT "draw_exclusions_draw_id_first_id_second_id_pk" PRIMARY KEY("draw_id","first_id","second_id")
);
--> statement-breakpoint
CREATE TABLE "draw_participants" (
	"id" text PRIMARY KEY NOT NULL,
	"draw_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"result_token" text NOT NULL,
	"recipient_id" text,
	"opened_at" timestamp with time zone,
	"wishlist_id" text
);
--> statement-breakpoint
CREATE TABLE "draw_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"draw_id" text NOT NULL,
	"asker_id" text NOT NULL,
	"giftee_id" text NOT NULL,
	"question" text NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" text PRIMARY KEY NOT NULL,
	"organiser_id" text NOT NULL,
	"circle_id" text,
	"name" text DEFAULT '' NOT NULL,
	"budget_minor" integer,
	"currency" text,
	"gift_date" text,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draw_exclusions" ADD CONSTRAINT "draw_exclusions_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_participants" ADD CONSTRAINT "draw_participants_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_participants" ADD CONSTRAINT "draw_participants_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_questions" ADD CONSTRAINT "draw_questions_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draw_participants_email_unique" ON "draw_participants" USING btree ("draw_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_participants_token_unique" ON "draw_participants" USING btree ("result_token");--> statement-breakpoint
CREATE INDEX "draw_participants_by_email_idx" ON "draw_participants" USING btree ("email");--> statement-breakpoint
CREATE INDEX "draw_questions_draw_idx" ON "draw_questions" USING btree ("draw_id","created_at");--> statement-breakpoint
CREATE INDEX "draws_organiser_idx" ON "draws" USING btree ("organiser_id","created_at");