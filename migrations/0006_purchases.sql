CREATE TABLE `purchase_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`purchase_id` integer NOT NULL,
	`line` integer NOT NULL,
	`sku_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`unit_cost` integer NOT NULL,
	`schedule_id` integer,
	`received_qty` integer,
	`counted_qty` integer,
	CONSTRAINT "purchase_items_quantity_positive" CHECK("purchase_items"."quantity" > 0),
	CONSTRAINT "purchase_items_cost" CHECK("purchase_items"."unit_cost" >= 0),
	CONSTRAINT "purchase_items_received" CHECK("purchase_items"."received_qty" IS NULL OR "purchase_items"."received_qty" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_items_line` ON `purchase_items` (`purchase_id`,`line`);--> statement-breakpoint
CREATE INDEX `purchase_items_sku` ON `purchase_items` (`company_id`,`sku_id`);--> statement-breakpoint
CREATE TABLE `purchase_receipt_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`purchase_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`sku_id` integer NOT NULL,
	`batch_id` integer,
	`batch_key` integer DEFAULT 0 NOT NULL,
	`quantity` integer NOT NULL,
	CONSTRAINT "purchase_receipt_lines_quantity" CHECK("purchase_receipt_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_receipt_lines_key` ON `purchase_receipt_lines` (`item_id`,`batch_key`);--> statement-breakpoint
CREATE INDEX `purchase_receipt_lines_purchase` ON `purchase_receipt_lines` (`purchase_id`);--> statement-breakpoint
CREATE TABLE `purchase_receipts` (
	`purchase_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`version_ok` integer NOT NULL,
	`surplus_purchase_id` integer,
	`received_by` integer,
	`received_at` text NOT NULL,
	CONSTRAINT "purchase_receipts_version" CHECK("purchase_receipts"."version_ok" = 1)
);
--> statement-breakpoint
CREATE TABLE `purchase_schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`purchase_id` integer NOT NULL,
	`due_date` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_schedules_date` ON `purchase_schedules` (`purchase_id`,`due_date`);--> statement-breakpoint
CREATE INDEX `purchase_schedules_company_due` ON `purchase_schedules` (`company_id`,`due_date`);--> statement-breakpoint
CREATE TABLE `purchase_statuses` (
	`id` integer PRIMARY KEY NOT NULL,
	`description` text NOT NULL,
	`color_code` text NOT NULL,
	`awaiting_receipt` integer DEFAULT 0 NOT NULL,
	`editable` integer DEFAULT 0 NOT NULL,
	`final` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `purchase_titles` (
	`purchase_id` integer NOT NULL,
	`installment` integer NOT NULL,
	`title_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	PRIMARY KEY(`purchase_id`, `installment`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_titles_title` ON `purchase_titles` (`title_id`);--> statement-breakpoint
CREATE TABLE `purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`uid` text NOT NULL,
	`origin` text DEFAULT 'purchase' NOT NULL,
	`supplier_id` integer,
	`warehouse_id` integer NOT NULL,
	`status_id` integer DEFAULT 0 NOT NULL,
	`payment_type_id` integer,
	`installments` integer DEFAULT 1 NOT NULL,
	`order_id` integer,
	`ch_nfe` text,
	`nfe_number` integer,
	`description` text,
	`start_time` text NOT NULL,
	`parent_purchase_id` integer,
	`production_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`write_uid` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "purchases_status_range" CHECK("purchases"."status_id" BETWEEN 0 AND 12),
	CONSTRAINT "purchases_installments" CHECK("purchases"."installments" BETWEEN 1 AND 120)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_uid` ON `purchases` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_company_ch_nfe` ON `purchases` (`company_id`,`ch_nfe`);--> statement-breakpoint
CREATE INDEX `purchases_company_start` ON `purchases` (`company_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `purchases_company_updated` ON `purchases` (`company_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `purchases_company_order` ON `purchases` (`company_id`,`order_id`);--> statement-breakpoint
CREATE TABLE `sku_bom_items` (
	`company_id` integer NOT NULL,
	`sku_id` integer NOT NULL,
	`input_sku_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	PRIMARY KEY(`sku_id`, `input_sku_id`),
	CONSTRAINT "sku_bom_items_quantity" CHECK("sku_bom_items"."quantity" > 0),
	CONSTRAINT "sku_bom_items_not_itself" CHECK("sku_bom_items"."sku_id" <> "sku_bom_items"."input_sku_id")
);
--> statement-breakpoint
CREATE INDEX `sku_bom_items_company` ON `sku_bom_items` (`company_id`,`sku_id`);--> statement-breakpoint
CREATE TABLE `sku_production_finishes` (
	`production_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`costs_ok` integer NOT NULL,
	`finished_by` integer,
	`finished_at` text NOT NULL,
	CONSTRAINT "sku_production_finishes_costs" CHECK("sku_production_finishes"."costs_ok" = 1)
);
--> statement-breakpoint
CREATE TABLE `sku_production_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`production_id` integer NOT NULL,
	`line` integer NOT NULL,
	`input_sku_id` integer NOT NULL,
	`batch_id` integer,
	`quantity` integer NOT NULL,
	`unit_cost` integer,
	`total_cost` integer,
	CONSTRAINT "sku_production_items_quantity" CHECK("sku_production_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sku_production_items_line` ON `sku_production_items` (`production_id`,`line`);--> statement-breakpoint
CREATE TABLE `sku_productions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`uid` text NOT NULL,
	`sku_id` integer NOT NULL,
	`warehouse_id` integer NOT NULL,
	`batch_id` integer,
	`quantity` integer NOT NULL,
	`description` text,
	`finished` integer DEFAULT 0 NOT NULL,
	`total_cost` integer,
	`purchase_id` integer,
	`finished_at` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "sku_productions_quantity" CHECK("sku_productions"."quantity" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sku_productions_uid` ON `sku_productions` (`uid`);--> statement-breakpoint
CREATE INDEX `sku_productions_company` ON `sku_productions` (`company_id`,`sku_id`);