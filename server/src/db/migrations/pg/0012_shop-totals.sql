CREATE TABLE "shop_totals" (
	"shop_domain" text NOT NULL,
	"currency" text NOT NULL,
	"item_count" integer NOT NULL,
	"priced_count" integer NOT NULL,
	"total_minor" bigint NOT NULL,
	CONSTRAINT "shop_totals_shop_domain_currency_pk" PRIMARY KEY("shop_domain","currency")
);
--> statement-breakpoint
DROP INDEX "items_shop_idx";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "price_minor" bigint;--> statement-breakpoint
--> backfill
-- Hand-written (re-apply after regenerating): the backfill has set items.price_minor with the server's
-- own parser; the totals start from it, then triggers keep them in every transaction that writes
-- items, cascaded deletes and restores included. Deletes (a list's or an account's items go
-- together) apply their changes per statement in key order, so two such deletes never deadlock.
INSERT INTO "shop_totals" ("shop_domain", "currency", "item_count", "priced_count", "total_minor")
SELECT "shop_domain", "currency", count(*), count("price_minor"), coalesce(sum("price_minor" * "quantity"), 0)
FROM "items" WHERE "shop_domain" <> '' GROUP BY "shop_domain", "currency";--> statement-breakpoint
CREATE FUNCTION "shop_totals_add_item"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."shop_domain" <> '' THEN
    UPDATE "shop_totals" SET "item_count" = "item_count" - 1, "priced_count" = "priced_count" - (OLD."price_minor" IS NOT NULL)::int,
      "total_minor" = "total_minor" - coalesce(OLD."price_minor" * OLD."quantity", 0)
    WHERE "shop_domain" = OLD."shop_domain" AND "currency" = OLD."currency";
    DELETE FROM "shop_totals" WHERE "shop_domain" = OLD."shop_domain" AND "currency" = OLD."currency" AND "item_count" = 0;
  END IF;
  IF NEW."shop_domain" <> '' THEN
    INSERT INTO "shop_totals" AS t ("shop_domain", "currency", "item_count", "priced_count", "total_minor")
    VALUES (NEW."shop_domain", NEW."currency", 1, (NEW."price_minor" IS NOT NULL)::int, coalesce(NEW."price_minor" * NEW."quantity", 0))
    ON CONFLICT ("shop_domain", "currency") DO UPDATE SET "item_count" = t."item_count" + 1,
      "priced_count" = t."priced_count" + excluded."priced_count", "total_minor" = t."total_minor" + excluded."total_minor";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "shop_totals_remove_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "shop_totals" AS t ("shop_domain", "currency", "item_count", "priced_count", "total_minor")
  SELECT "shop_domain", "currency", -count(*), -count("price_minor"), -coalesce(sum("price_minor" * "quantity"), 0)
  FROM "removed_items" WHERE "shop_domain" <> '' GROUP BY "shop_domain", "currency" ORDER BY "shop_domain", "currency"
  ON CONFLICT ("shop_domain", "currency") DO UPDATE SET "item_count" = t."item_count" + excluded."item_count",
    "priced_count" = t."priced_count" + excluded."priced_count", "total_minor" = t."total_minor" + excluded."total_minor";
  DELETE FROM "shop_totals" WHERE "item_count" <= 0 AND ("shop_domain", "currency") IN (SELECT "shop_domain", "currency" FROM "removed_items");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "items_shop_totals_insert" AFTER INSERT ON "items" FOR EACH ROW EXECUTE FUNCTION "shop_totals_add_item"();--> statement-breakpoint
CREATE TRIGGER "items_shop_totals_update" AFTER UPDATE OF "shop_domain", "currency", "price_minor", "quantity" ON "items" FOR EACH ROW
WHEN (OLD."shop_domain" IS DISTINCT FROM NEW."shop_domain" OR OLD."currency" IS DISTINCT FROM NEW."currency"
  OR OLD."price_minor" IS DISTINCT FROM NEW."price_minor" OR OLD."quantity" IS DISTINCT FROM NEW."quantity")
EXECUTE FUNCTION "shop_totals_add_item"();--> statement-breakpoint
CREATE TRIGGER "items_shop_totals_delete" AFTER DELETE ON "items" REFERENCING OLD TABLE AS "removed_items" FOR EACH STATEMENT EXECUTE FUNCTION "shop_totals_remove_items"();
