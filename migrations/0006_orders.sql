CREATE TABLE `nf_cst_ibs_cbs` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`description` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`sku_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer DEFAULT 0 NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	`manual_tax` integer DEFAULT 0 NOT NULL,
	`reverse_tax_calculation` integer DEFAULT 0 NOT NULL,
	`tax_profile_id` integer,
	`icms_cst` text,
	`icms_rate` integer DEFAULT 0 NOT NULL,
	`icms_value` integer DEFAULT 0 NOT NULL,
	`ipi_cst` text,
	`ipi_rate` integer DEFAULT 0 NOT NULL,
	`ipi_value` integer DEFAULT 0 NOT NULL,
	`pis_cst` text,
	`pis_rate` integer DEFAULT 0 NOT NULL,
	`pis_value` integer DEFAULT 0 NOT NULL,
	`cofins_cst` text,
	`cofins_rate` integer DEFAULT 0 NOT NULL,
	`cofins_value` integer DEFAULT 0 NOT NULL,
	`cst_ibs_cbs_id` integer,
	`ibs_rate` integer DEFAULT 0 NOT NULL,
	`ibs_value` integer DEFAULT 0 NOT NULL,
	`cbs_rate` integer DEFAULT 0 NOT NULL,
	`cbs_value` integer DEFAULT 0 NOT NULL,
	`tax_total` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`out_movement_id` integer,
	`return_movement_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "order_items_quantity_positive" CHECK("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `order_items_order` ON `order_items` (`order_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_items_out_movement` ON `order_items` (`out_movement_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_items_return_movement` ON `order_items` (`return_movement_id`);--> statement-breakpoint
CREATE TABLE `order_message_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`type_message` text NOT NULL,
	`status_id` integer NOT NULL,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `order_message_requests_order` ON `order_message_requests` (`order_id`);--> statement-breakpoint
CREATE TABLE `order_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`title_id` integer NOT NULL,
	`payment_type_id` integer NOT NULL,
	`installment` integer NOT NULL,
	`installments` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_payments_title` ON `order_payments` (`title_id`);--> statement-breakpoint
CREATE INDEX `order_payments_order` ON `order_payments` (`order_id`);--> statement-breakpoint
CREATE TABLE `order_status_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`from_status_id` integer,
	`to_status_id` integer NOT NULL,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_status_history_order_seq` ON `order_status_history` (`order_id`,`seq`);--> statement-breakpoint
CREATE TABLE `order_status_transitions` (
	`from_status_id` integer NOT NULL,
	`to_status_id` integer NOT NULL,
	`stock_effect` text,
	PRIMARY KEY(`from_status_id`, `to_status_id`),
	CONSTRAINT "order_status_transitions_effect" CHECK("order_status_transitions"."stock_effect" IS NULL OR "order_status_transitions"."stock_effect" IN ('invoice', 'return'))
);
--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`uid` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`date` text NOT NULL,
	`consumer_id` integer,
	`order_type_id` integer,
	`sales_channel_id` integer,
	`warehouse_id` integer NOT NULL,
	`status_id` integer NOT NULL,
	`status_seq` integer DEFAULT 1 NOT NULL,
	`stock_state` integer DEFAULT 0 NOT NULL,
	`notes` text,
	`carrier_id` integer,
	`shipping_method` text,
	`tracking_code` text,
	`volumes` integer DEFAULT 0 NOT NULL,
	`gross_weight` integer DEFAULT 0 NOT NULL,
	`net_weight` integer DEFAULT 0 NOT NULL,
	`items_value` integer DEFAULT 0 NOT NULL,
	`tax_total` integer DEFAULT 0 NOT NULL,
	`items_total` integer DEFAULT 0 NOT NULL,
	`freight` integer DEFAULT 0 NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`paid_value` integer DEFAULT 0 NOT NULL,
	`import_key` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "orders_version" CHECK("orders"."version" >= 0),
	CONSTRAINT "orders_total_not_negative" CHECK("orders"."total" >= 0),
	CONSTRAINT "orders_paid_within_total" CHECK("orders"."paid_value" >= 0 AND "orders"."paid_value" <= "orders"."total"),
	CONSTRAINT "orders_stock_state" CHECK("orders"."stock_state" IN (0, 1, 2))
);
--> statement-breakpoint
CREATE INDEX `orders_company_id` ON `orders` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `orders_company_date` ON `orders` (`company_id`,`date`,`id`);--> statement-breakpoint
CREATE INDEX `orders_company_status` ON `orders` (`company_id`,`status_id`,`id`);--> statement-breakpoint
CREATE INDEX `orders_company_consumer` ON `orders` (`company_id`,`consumer_id`,`id`);--> statement-breakpoint
CREATE INDEX `orders_company_channel` ON `orders` (`company_id`,`sales_channel_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_uid` ON `orders` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_company_import_key` ON `orders` (`company_id`,`import_key`);--> statement-breakpoint
CREATE TABLE `tax_profiles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`code` text NOT NULL,
	`description` text NOT NULL,
	`icms_cst` text NOT NULL,
	`icms_rate` integer DEFAULT 0 NOT NULL,
	`ipi_cst` text NOT NULL,
	`ipi_rate` integer DEFAULT 0 NOT NULL,
	`pis_cst` text NOT NULL,
	`pis_rate` integer DEFAULT 0 NOT NULL,
	`cofins_cst` text NOT NULL,
	`cofins_rate` integer DEFAULT 0 NOT NULL,
	`cst_ibs_cbs_id` integer NOT NULL,
	`ibs_rate` integer DEFAULT 0 NOT NULL,
	`cbs_rate` integer DEFAULT 0 NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tax_profiles_company_code` ON `tax_profiles` (`company_id`,`code`);