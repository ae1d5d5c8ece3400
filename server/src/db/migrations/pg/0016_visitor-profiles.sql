CREATE TABLE "visitor_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
--> backfill
-- Hand-written (re-apply after regenerating): the backfill has written one visitor_profiles row per
-- distinct (domain, city, country, user agent) of the log, with the writer's own ids; each log row
-- then takes its profile's id and loses the four columns.
CREATE INDEX "visitor_profiles_values_tmp" ON "visitor_profiles" ("domain","city","country","user_agent");--> statement-breakpoint
ALTER TABLE "visitor_logs" ADD COLUMN "profile_id" text;--> statement-breakpoint
UPDATE "visitor_logs" l SET "profile_id" = p."id" FROM "visitor_profiles" p
WHERE p."domain" = l."domain" AND p."city" = l."city" AND p."country" = l."country" AND p."user_agent" = l."user_agent";--> statement-breakpoint
DROP INDEX "visitor_profiles_values_tmp";--> statement-breakpoint
ALTER TABLE "visitor_logs" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "visitor_logs" ADD CONSTRAINT "visitor_logs_profile_id_visitor_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."visitor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_logs" DROP COLUMN "domain";--> statement-breakpoint
ALTER TABLE "visitor_logs" DROP COLUMN "city";--> statement-breakpoint
ALTER TABLE "visitor_logs" DROP COLUMN "country";--> statement-breakpoint
ALTER TABLE "visitor_logs" DROP COLUMN "user_agent";--> statement-breakpoint
CREATE INDEX "visitor_logs_profile_idx" ON "visitor_logs" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "visitor_logs_address_idx" ON "visitor_logs" USING btree ("ip_address","created_at");
