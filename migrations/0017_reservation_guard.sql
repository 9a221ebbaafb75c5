ALTER TABLE `hub_orders` ADD `reservation_error` text;--> statement-breakpoint
CREATE TABLE `__new_stock_reservations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`sku_id` integer NOT NULL,
	`warehouse_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`status_order_id` integer NOT NULL,
	`available_after` integer DEFAULT 0 NOT NULL,
	`allow_negative` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "stock_reservations_quantity_positive" CHECK("quantity" > 0),
	CONSTRAINT "stock_reservations_available" CHECK("available_after" >= 0 OR "allow_negative" = 1)
);
--> statement-breakpoint
-- reservations written before the guard were not judged: they keep what they hold (allow_negative 1)
INSERT INTO `__new_stock_reservations`("id", "company_id", "order_id", "sku_id", "warehouse_id", "quantity", "status_order_id", "available_after", "allow_negative", "created_at") SELECT "id", "company_id", "order_id", "sku_id", "warehouse_id", "quantity", "status_order_id", 0, 1, "created_at" FROM `stock_reservations`;--> statement-breakpoint
DROP TABLE `stock_reservations`;--> statement-breakpoint
ALTER TABLE `__new_stock_reservations` RENAME TO `stock_reservations`;--> statement-breakpoint
CREATE INDEX `stock_reservations_sku` ON `stock_reservations` (`sku_id`,`warehouse_id`,`status_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `stock_reservations_order_sku` ON `stock_reservations` (`order_id`,`sku_id`,`warehouse_id`);
