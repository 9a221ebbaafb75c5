CREATE TABLE `order_statuses` (
	`id` integer PRIMARY KEY NOT NULL,
	`description` text NOT NULL,
	`color_code` text NOT NULL,
	`reserves_stock` integer DEFAULT 0 NOT NULL,
	`handling` integer DEFAULT 0 NOT NULL,
	`final` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sales_policies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`min_shelf_life_days` integer DEFAULT 0 NOT NULL,
	`pick_order` text DEFAULT 'FEFO' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sales_policies_company` ON `sales_policies` (`company_id`);--> statement-breakpoint
CREATE TABLE `sku_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`sku_id` integer NOT NULL,
	`code` text NOT NULL,
	`expiration_date` text,
	`manufacturing_date` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sku_batches_sku_code` ON `sku_batches` (`sku_id`,`code`);--> statement-breakpoint
CREATE INDEX `sku_batches_company` ON `sku_batches` (`company_id`);--> statement-breakpoint
CREATE TABLE `sku_stock_totals` (
	`sku_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`qty` integer DEFAULT 0 NOT NULL,
	`average_cost` integer DEFAULT 0 NOT NULL,
	`movements` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stock_balances` (
	`company_id` integer NOT NULL,
	`sku_id` integer NOT NULL,
	`warehouse_id` integer NOT NULL,
	`qty` integer DEFAULT 0 NOT NULL,
	`movements` integer DEFAULT 0 NOT NULL,
	`allow_negative` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`sku_id`, `warehouse_id`),
	CONSTRAINT "stock_balances_not_negative" CHECK("stock_balances"."qty" >= 0 OR "stock_balances"."allow_negative" = 1)
);
--> statement-breakpoint
CREATE INDEX `stock_balances_company` ON `stock_balances` (`company_id`,`sku_id`);--> statement-breakpoint
CREATE TABLE `stock_batch_balances` (
	`company_id` integer NOT NULL,
	`batch_id` integer NOT NULL,
	`sku_id` integer NOT NULL,
	`warehouse_id` integer NOT NULL,
	`qty` integer DEFAULT 0 NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	`allow_negative` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`batch_id`, `warehouse_id`),
	CONSTRAINT "stock_batch_balances_not_negative" CHECK("stock_batch_balances"."qty" >= 0 OR "stock_batch_balances"."allow_negative" = 1)
);
--> statement-breakpoint
CREATE INDEX `stock_batch_balances_sku` ON `stock_batch_balances` (`sku_id`,`warehouse_id`);--> statement-breakpoint
CREATE TABLE `stock_inventories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`warehouse_id` integer NOT NULL,
	`description` text,
	`applied` integer DEFAULT 0 NOT NULL,
	`applied_at` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stock_inventories_company` ON `stock_inventories` (`company_id`);--> statement-breakpoint
CREATE TABLE `stock_inventory_applications` (
	`inventory_id` integer PRIMARY KEY NOT NULL,
	`applied_by` integer,
	`applied_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stock_inventory_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`inventory_id` integer NOT NULL,
	`sku_id` integer NOT NULL,
	`batch_id` integer,
	`batch_key` integer DEFAULT 0 NOT NULL,
	`counted_qty` integer NOT NULL,
	`system_qty` integer,
	`difference` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "stock_inventory_items_counted" CHECK("stock_inventory_items"."counted_qty" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_inventory_items_key` ON `stock_inventory_items` (`inventory_id`,`sku_id`,`batch_key`);--> statement-breakpoint
CREATE TABLE `stock_inventory_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inventory_id` integer NOT NULL,
	`user_id` integer,
	`message` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stock_inventory_logs_inventory` ON `stock_inventory_logs` (`inventory_id`);--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`sku_id` integer NOT NULL,
	`warehouse_id` integer NOT NULL,
	`batch_id` integer,
	`date` text NOT NULL,
	`type_movement` integer NOT NULL,
	`quantity` integer NOT NULL,
	`unit_cost` integer NOT NULL,
	`average_cost` integer NOT NULL,
	`warehouse_qty_after` integer NOT NULL,
	`batch_qty_after` integer,
	`batch_value_after` integer,
	`origin` text NOT NULL,
	`origin_id` integer,
	`reason` text,
	`user_id` integer,
	`post_uid` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "stock_movements_quantity_positive" CHECK("stock_movements"."quantity" > 0),
	CONSTRAINT "stock_movements_type" CHECK("stock_movements"."type_movement" IN (0, 1))
);
--> statement-breakpoint
CREATE INDEX `stock_movements_sku_warehouse` ON `stock_movements` (`sku_id`,`warehouse_id`,`id`);--> statement-breakpoint
CREATE INDEX `stock_movements_batch` ON `stock_movements` (`batch_id`,`id`);--> statement-breakpoint
CREATE INDEX `stock_movements_company_date` ON `stock_movements` (`company_id`,`date`);--> statement-breakpoint
CREATE INDEX `stock_movements_post` ON `stock_movements` (`post_uid`);--> statement-breakpoint
CREATE TABLE `stock_reservations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`sku_id` integer NOT NULL,
	`warehouse_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`status_order_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "stock_reservations_quantity_positive" CHECK("stock_reservations"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `stock_reservations_sku` ON `stock_reservations` (`sku_id`,`warehouse_id`,`status_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `stock_reservations_order_sku` ON `stock_reservations` (`order_id`,`sku_id`,`warehouse_id`);--> statement-breakpoint
CREATE TABLE `warehouses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`is_active` integer DEFAULT 1 NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `warehouses_company` ON `warehouses` (`company_id`);--> statement-breakpoint
ALTER TABLE `companies` ADD `allow_negative_stock` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `ean` text;--> statement-breakpoint
ALTER TABLE `products` ADD `unit` text DEFAULT 'UN' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `decimal_quantity` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `batch_control` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `tax_profile` text;--> statement-breakpoint
ALTER TABLE `products` ADD `allow_price_below_cost` integer DEFAULT 0 NOT NULL;