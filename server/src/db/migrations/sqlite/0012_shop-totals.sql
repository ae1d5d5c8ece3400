CREATE TABLE `shop_totals` (
	`shop_domain` text NOT NULL,
	`currency` text NOT NULL,
	`item_count` integer NOT NULL,
	`priced_count` integer NOT NULL,
	`total_minor` integer NOT NULL,
	PRIMARY KEY(`shop_domain`, `currency`)
);
--> statement-breakpoint
DROP INDEX `items_shop_idx`;--> statement-breakpoint
ALTER TABLE `items` ADD `price_minor` integer;--> statement-breakpoint
--> backfill
-- Hand-written (re-apply after regenerating): the backfill has set items.price_minor with the server's
-- own parser; the totals start from it, then triggers keep them in every transaction that writes
-- items, cascaded deletes and restores included.
INSERT INTO `shop_totals` (`shop_domain`, `currency`, `item_count`, `priced_count`, `total_minor`)
SELECT `shop_domain`, `currency`, count(*), count(`price_minor`), coalesce(sum(`price_minor` * `quantity`), 0)
FROM `items` WHERE `shop_domain` <> '' GROUP BY `shop_domain`, `currency`;--> statement-breakpoint
CREATE TRIGGER `items_shop_totals_insert` AFTER INSERT ON `items` WHEN NEW.`shop_domain` <> '' BEGIN
  INSERT INTO `shop_totals` (`shop_domain`, `currency`, `item_count`, `priced_count`, `total_minor`)
  VALUES (NEW.`shop_domain`, NEW.`currency`, 1, NEW.`price_minor` IS NOT NULL, coalesce(NEW.`price_minor` * NEW.`quantity`, 0))
  ON CONFLICT (`shop_domain`, `currency`) DO UPDATE SET `item_count` = `item_count` + 1,
    `priced_count` = `priced_count` + excluded.`priced_count`, `total_minor` = `total_minor` + excluded.`total_minor`;
END;--> statement-breakpoint
CREATE TRIGGER `items_shop_totals_delete` AFTER DELETE ON `items` WHEN OLD.`shop_domain` <> '' BEGIN
  UPDATE `shop_totals` SET `item_count` = `item_count` - 1, `priced_count` = `priced_count` - (OLD.`price_minor` IS NOT NULL),
    `total_minor` = `total_minor` - coalesce(OLD.`price_minor` * OLD.`quantity`, 0)
  WHERE `shop_domain` = OLD.`shop_domain` AND `currency` = OLD.`currency`;
  DELETE FROM `shop_totals` WHERE `shop_domain` = OLD.`shop_domain` AND `currency` = OLD.`currency` AND `item_count` = 0;
END;--> statement-breakpoint
CREATE TRIGGER `items_shop_totals_update` AFTER UPDATE OF `shop_domain`, `currency`, `price_minor`, `quantity` ON `items`
WHEN OLD.`shop_domain` IS NOT NEW.`shop_domain` OR OLD.`currency` IS NOT NEW.`currency` OR OLD.`price_minor` IS NOT NEW.`price_minor` OR OLD.`quantity` IS NOT NEW.`quantity` BEGIN
  UPDATE `shop_totals` SET `item_count` = `item_count` - 1, `priced_count` = `priced_count` - (OLD.`price_minor` IS NOT NULL),
    `total_minor` = `total_minor` - coalesce(OLD.`price_minor` * OLD.`quantity`, 0)
  WHERE `shop_domain` = OLD.`shop_domain` AND `currency` = OLD.`currency`;
  DELETE FROM `shop_totals` WHERE `shop_domain` = OLD.`shop_domain` AND `currency` = OLD.`currency` AND `item_count` = 0;
  INSERT INTO `shop_totals` (`shop_domain`, `currency`, `item_count`, `priced_count`, `total_minor`)
  SELECT NEW.`shop_domain`, NEW.`currency`, 1, NEW.`price_minor` IS NOT NULL, coalesce(NEW.`price_minor` * NEW.`quantity`, 0) WHERE NEW.`shop_domain` <> ''
  ON CONFLICT (`shop_domain`, `currency`) DO UPDATE SET `item_count` = `item_count` + 1,
    `priced_count` = `priced_count` + excluded.`priced_count`, `total_minor` = `total_minor` + excluded.`total_minor`;
END;
