-- Totals older versions left apart from their claims become the claims' sums again: lowering a
-- quantity below its purchases trimmed quantity_purchased but kept the claims (the quantity is
-- raised back to them), and copying a group gift copied its pledge totals without the pledges.
UPDATE `items` SET
  `quantity` = max(`items`.`quantity`, `sums`.`units`),
  `quantity_purchased` = `sums`.`units`,
  `pledged_minor` = `sums`.`pledged`,
  `pledge_count` = `sums`.`pledges`
FROM (
  SELECT `i`.`id` AS `item_id`,
    coalesce(sum(CASE WHEN `c`.`kind` = 'purchase' THEN `c`.`quantity` END), 0) AS `units`,
    coalesce(sum(CASE WHEN `c`.`kind` = 'pledge' THEN `c`.`amount_minor` END), 0) AS `pledged`,
    count(CASE WHEN `c`.`kind` = 'pledge' THEN 1 END) AS `pledges`
  FROM `items` `i` LEFT JOIN `claims` `c` ON `c`.`item_id` = `i`.`id`
  GROUP BY `i`.`id`
) AS `sums`
WHERE `items`.`id` = `sums`.`item_id`
  AND (`items`.`quantity_purchased` <> `sums`.`units` OR `items`.`pledged_minor` <> `sums`.`pledged` OR `items`.`pledge_count` <> `sums`.`pledges`);
