CREATE TABLE `hub_attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`hub_order_id` integer NOT NULL,
	`claim_id` integer,
	`file_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`channel_attachment_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `hub_attachments_order` ON `hub_attachments` (`hub_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `hub_attachments_key` ON `hub_attachments` (`file_key`);--> statement-breakpoint
CREATE TABLE `hub_collection_list_orders` (
	`collection_list_id` integer NOT NULL,
	`hub_order_id` integer NOT NULL,
	PRIMARY KEY(`collection_list_id`, `hub_order_id`)
);
--> statement-breakpoint
CREATE TABLE `hub_collection_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `hub_collection_lists_company` ON `hub_collection_lists` (`company_id`);--> statement-breakpoint
CREATE TABLE `hub_product_variations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`hub_product_id` integer NOT NULL,
	`sku_id` integer NOT NULL,
	`channel_sku_code` text NOT NULL,
	`last_sync_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hub_product_variations_sku` ON `hub_product_variations` (`hub_product_id`,`sku_id`);--> statement-breakpoint
CREATE TABLE `hub_products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`title` text NOT NULL,
	`channel_product_id` text,
	`last_sync_at` text,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `hub_products_company` ON `hub_products` (`company_id`);