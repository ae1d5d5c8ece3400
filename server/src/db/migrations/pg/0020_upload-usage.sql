CREATE TABLE "upload_usage" (
	"owner_key" text PRIMARY KEY NOT NULL,
	"used_bytes" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written (re-apply after regenerating): each owner's usage starts from its uploads (an
-- account's: uploaded_by_id; a guest list's: guest_list_id with no account), then triggers keep
-- it in every transaction that writes uploads: new ones, removals, an account taking a guest
-- list's images over, the foreign keys' SET NULL, restores.
INSERT INTO "upload_usage" ("owner_key", "used_bytes")
SELECT CASE WHEN "uploaded_by_id" IS NOT NULL THEN 'user:' || "uploaded_by_id" ELSE 'list:' || "guest_list_id" END AS "owner", sum("size_bytes")
FROM "uploads" WHERE "uploaded_by_id" IS NOT NULL OR "guest_list_id" IS NOT NULL GROUP BY "owner";--> statement-breakpoint
CREATE FUNCTION "upload_usage_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_owner text;
  new_owner text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_owner := CASE WHEN OLD."uploaded_by_id" IS NOT NULL THEN 'user:' || OLD."uploaded_by_id" ELSE 'list:' || OLD."guest_list_id" END;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_owner := CASE WHEN NEW."uploaded_by_id" IS NOT NULL THEN 'user:' || NEW."uploaded_by_id" ELSE 'list:' || NEW."guest_list_id" END;
  END IF;
  IF old_owner IS NOT NULL THEN
    UPDATE "upload_usage" SET "used_bytes" = "used_bytes" - OLD."size_bytes" WHERE "owner_key" = old_owner;
    DELETE FROM "upload_usage" WHERE "owner_key" = old_owner AND "used_bytes" <= 0;
  END IF;
  IF new_owner IS NOT NULL THEN
    INSERT INTO "upload_usage" AS u ("owner_key", "used_bytes") VALUES (new_owner, NEW."size_bytes")
    ON CONFLICT ("owner_key") DO UPDATE SET "used_bytes" = u."used_bytes" + excluded."used_bytes";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "uploads_usage_insert" AFTER INSERT ON "uploads" FOR EACH ROW EXECUTE FUNCTION "upload_usage_count"();--> statement-breakpoint
CREATE TRIGGER "uploads_usage_delete" AFTER DELETE ON "uploads" FOR EACH ROW EXECUTE FUNCTION "upload_usage_count"();--> statement-breakpoint
CREATE TRIGGER "uploads_usage_update" AFTER UPDATE OF "uploaded_by_id", "guest_list_id", "size_bytes" ON "uploads" FOR EACH ROW
WHEN (OLD."uploaded_by_id" IS DISTINCT FROM NEW."uploaded_by_id" OR OLD."guest_list_id" IS DISTINCT FROM NEW."guest_list_id" OR OLD."size_bytes" IS DISTINCT FROM NEW."size_bytes")
EXECUTE FUNCTION "upload_usage_count"();
