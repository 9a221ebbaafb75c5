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
CREATE TABLE `hub_integrations` (
	`company_integration_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`type_company_integration_id` integer NOT NULL,
	`credentials` text,
	`auth_state` text DEFAULT 'NotAuthenticated' NOT NULL,
	`auth_expires_at` text,
	`sandbox` text DEFAULT '{}' NOT NULL,
	`warehouse_id` integer,
	`cursor` text DEFAULT '' NOT NULL,
	`last_pull_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `hub_integrations_company` ON `hub_integrations` (`company_id`);--> statement-breakpoint
CREATE TABLE `hub_order_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`hub_order_id` integer NOT NULL,
	`channel_claim_id` text NOT NULL,
	`reason` text NOT NULL,
	`channel_status` text NOT NULL,
	`shipping_method` text,
	`opened_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hub_order_claims_channel` ON `hub_order_claims` (`company_integration_id`,`channel_claim_id`);--> statement-breakpoint
CREATE INDEX `hub_order_claims_order` ON `hub_order_claims` (`hub_order_id`);--> statement-breakpoint
CREATE TABLE `hub_order_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`hub_order_id` integer NOT NULL,
	`line` integer NOT NULL,
	`channel_sku_code` text NOT NULL,
	`sku_id` integer,
	`title` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer DEFAULT 0 NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hub_order_items_quantity_positive" CHECK("hub_order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hub_order_items_line` ON `hub_order_items` (`hub_order_id`,`line`);--> statement-breakpoint
CREATE TABLE `hub_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`type_company_integration_id` integer NOT NULL,
	`sales_channel_id` integer NOT NULL,
	`channel_order_id` text NOT NULL,
	`channel_status` text NOT NULL,
	`status_order_id` integer NOT NULL,
	`ordered_at` text NOT NULL,
	`consumer_id` integer,
	`consumer_name` text NOT NULL,
	`consumer_document` text NOT NULL,
	`consumer_email` text,
	`shipping_id` text,
	`pack_id` text,
	`pack_index` integer DEFAULT 0 NOT NULL,
	`shipping_method` text,
	`coupon` text,
	`utm_campaign` text,
	`utm_medium` text,
	`utm_source` text,
	`utmi_campaign` text,
	`utmi_page` text,
	`utmi_part` text,
	`items_value` integer DEFAULT 0 NOT NULL,
	`shipping_value` integer DEFAULT 0 NOT NULL,
	`discount_value` integer DEFAULT 0 NOT NULL,
	`total_value` integer DEFAULT 0 NOT NULL,
	`warehouse_id` integer,
	`unmapped_skus` text DEFAULT '[]' NOT NULL,
	`order_id` integer,
	`order_error` text,
	`channel_data` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hub_orders_integration_channel_order` ON `hub_orders` (`company_integration_id`,`channel_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `hub_orders_order` ON `hub_orders` (`order_id`);--> statement-breakpoint
CREATE INDEX `hub_orders_company` ON `hub_orders` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `hub_orders_company_date` ON `hub_orders` (`company_id`,`ordered_at`);--> statement-breakpoint
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