CREATE TABLE `upload_usage` (
	`owner_key` text PRIMARY KEY NOT NULL,
	`used_bytes` integer NOT NULL
);
--> statement-breakpoint
-- Hand-written (re-apply after regenerating): each owner's usage starts from its uploads (an
-- account's: uploaded_by_id; a guest list's: guest_list_id with no account), then triggers keep
-- it in every transaction that writes uploads: new ones, removals, an account taking a guest
-- list's images over, the foreign keys' SET NULL, restores.
INSERT INTO `upload_usage` (`owner_key`, `used_bytes`)
SELECT CASE WHEN `uploaded_by_id` IS NOT NULL THEN 'user:' || `uploaded_by_id` ELSE 'list:' || `guest_list_id` END AS `owner`, sum(`size_bytes`)
FROM `uploads` WHERE `uploaded_by_id` IS NOT NULL OR `guest_list_id` IS NOT NULL GROUP BY `owner`;--> statement-breakpoint
CREATE TRIGGER `uploads_usage_insert` AFTER INSERT ON `uploads` WHEN NEW.`uploaded_by_id` IS NOT NULL OR NEW.`guest_list_id` IS NOT NULL BEGIN
  INSERT INTO `upload_usage` (`owner_key`, `used_bytes`)
  VALUES (CASE WHEN NEW.`uploaded_by_id` IS NOT NULL THEN 'user:' || NEW.`uploaded_by_id` ELSE 'list:' || NEW.`guest_list_id` END, NEW.`size_bytes`)
  ON CONFLICT (`owner_key`) DO UPDATE SET `used_bytes` = `used_bytes` + excluded.`used_bytes`;
END;--> statement-breakpoint
CREATE TRIGGER `uploads_usage_delete` AFTER DELETE ON `uploads` WHEN OLD.`uploaded_by_id` IS NOT NULL OR OLD.`guest_list_id` IS NOT NULL BEGIN
  UPDATE `upload_usage` SET `used_bytes` = `used_bytes` - OLD.`size_bytes`
  WHERE `owner_key` = CASE WHEN OLD.`uploaded_by_id` IS NOT NULL THEN 'user:' || OLD.`uploaded_by_id` ELSE 'list:' || OLD.`guest_list_id` END;
  DELETE FROM `upload_usage` WHERE `used_bytes` <= 0
    AND `owner_key` = CASE WHEN OLD.`uploaded_by_id` IS NOT NULL THEN 'user:' || OLD.`uploaded_by_id` ELSE 'list:' || OLD.`guest_list_id` END;
END;--> statement-breakpoint
CREATE TRIGGER `uploads_usage_update` AFTER UPDATE OF `uploaded_by_id`, `guest_list_id`, `size_bytes` ON `uploads`
WHEN OLD.`uploaded_by_id` IS NOT NEW.`uploaded_by_id` OR OLD.`guest_list_id` IS NOT NEW.`guest_list_id` OR OLD.`size_bytes` IS NOT NEW.`size_bytes` BEGIN
  UPDATE `upload_usage` SET `used_bytes` = `used_bytes` - OLD.`size_bytes`
  WHERE `owner_key` = CASE WHEN OLD.`uploaded_by_id` IS NOT NULL THEN 'user:' || OLD.`uploaded_by_id` ELSE 'list:' || OLD.`guest_list_id` END;
  DELETE FROM `upload_usage` WHERE `used_bytes` <= 0
    AND `owner_key` = CASE WHEN OLD.`uploaded_by_id` IS NOT NULL THEN 'user:' || OLD.`uploaded_by_id` ELSE 'list:' || OLD.`guest_list_id` END;
  INSERT INTO `upload_usage` (`owner_key`, `used_bytes`)
  SELECT CASE WHEN NEW.`uploaded_by_id` IS NOT NULL THEN 'user:' || NEW.`uploaded_by_id` ELSE 'list:' || NEW.`guest_list_id` END, NEW.`size_bytes`
  WHERE NEW.`uploaded_by_id` IS NOT NULL OR NEW.`guest_list_id` IS NOT NULL
  ON CONFLICT (`owner_key`) DO UPDATE SET `used_bytes` = `used_bytes` + excluded.`used_bytes`;
END;
