CREATE TABLE `company_integrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`description` text NOT NULL,
	`kind` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `company_integrations_company` ON `company_integrations` (`company_id`);--> statement-breakpoint
CREATE TABLE `company_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`document` text,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `company_invoices_company` ON `company_invoices` (`company_id`);--> statement-breakpoint
CREATE TABLE `acquirer_conciliations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`bank_account_id` integer,
	`acquirer` text NOT NULL,
	`date` text NOT NULL,
	`gross_value` integer NOT NULL,
	`net_value` integer NOT NULL,
	`status_id` integer DEFAULT 1 NOT NULL,
	`reconciled_value` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "acquirer_lines_reconciled_range" CHECK("acquirer_conciliations"."reconciled_value" >= 0 AND "acquirer_conciliations"."reconciled_value" <= abs("acquirer_conciliations"."net_value")),
	CONSTRAINT "acquirer_lines_status" CHECK("acquirer_conciliations"."status_id" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE INDEX `acquirer_lines_company_date` ON `acquirer_conciliations` (`company_id`,`date`);--> statement-breakpoint
CREATE TABLE `bank_account_days` (
	`bank_account_id` integer NOT NULL,
	`day` text NOT NULL,
	`inflow` integer DEFAULT 0 NOT NULL,
	`outflow` integer DEFAULT 0 NOT NULL,
	`entries` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`bank_account_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `bank_account_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`bank_account_id` integer NOT NULL,
	`user_id` integer,
	`action` text NOT NULL,
	`changes` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bank_account_history_account` ON `bank_account_history` (`bank_account_id`,`id`);--> statement-breakpoint
CREATE TABLE `bank_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`bank` text NOT NULL,
	`bank_number` text NOT NULL,
	`agency` text,
	`account_number` text,
	`main_income` integer DEFAULT 0 NOT NULL,
	`main_payment` integer DEFAULT 0 NOT NULL,
	`company_invoice_id` integer,
	`company_integration_id` integer,
	`company_integration_pix_id` integer,
	`order_type_id` integer,
	`tef_terminal` text,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bank_accounts_company` ON `bank_accounts` (`company_id`,`status`);--> statement-breakpoint
CREATE TABLE `bank_statement_conciliations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`bank_account_id` integer NOT NULL,
	`date` text NOT NULL,
	`value` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`document` text,
	`fit_id` text,
	`dedupe_key` text NOT NULL,
	`status_id` integer DEFAULT 1 NOT NULL,
	`reconciled_value` integer DEFAULT 0 NOT NULL,
	`rule_id` integer,
	`job_id` integer,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "bank_lines_reconciled_range" CHECK("bank_statement_conciliations"."reconciled_value" >= 0 AND "bank_statement_conciliations"."reconciled_value" <= abs("bank_statement_conciliations"."value")),
	CONSTRAINT "bank_lines_status" CHECK("bank_statement_conciliations"."status_id" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_lines_account_key` ON `bank_statement_conciliations` (`bank_account_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `bank_lines_company_date` ON `bank_statement_conciliations` (`company_id`,`date`,`id`);--> statement-breakpoint
CREATE INDEX `bank_lines_account_status` ON `bank_statement_conciliations` (`bank_account_id`,`status_id`,`date`);--> statement-breakpoint
CREATE TABLE `conciliation_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`bank_line_id` integer,
	`acquirer_line_id` integer,
	`posted_by_link` integer DEFAULT 0 NOT NULL,
	`rule_id` integer,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "conciliation_links_one_target" CHECK(("conciliation_links"."bank_line_id" IS NULL) <> ("conciliation_links"."acquirer_line_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conciliation_links_entry` ON `conciliation_links` (`entry_id`);--> statement-breakpoint
CREATE INDEX `conciliation_links_bank_line` ON `conciliation_links` (`bank_line_id`);--> statement-breakpoint
CREATE INDEX `conciliation_links_acquirer_line` ON `conciliation_links` (`acquirer_line_id`);--> statement-breakpoint
CREATE TABLE `bank_statement_conciliation_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`bank_account_id` integer NOT NULL,
	`type_rule` integer NOT NULL,
	`type_account` integer NOT NULL,
	`description` text,
	`description_key` text,
	`bank_account_to_id` integer,
	`account_type_id` integer,
	`document_type_id` integer,
	`payment_type_id` integer,
	`supplier_id` integer,
	`consumer_id` integer,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `conciliation_rules_account` ON `bank_statement_conciliation_rules` (`bank_account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `conciliation_rules_account_description` ON `bank_statement_conciliation_rules` (`bank_account_id`,`description_key`);--> statement-breakpoint
CREATE TABLE `bank_statements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`uid` text NOT NULL,
	`bank_account_id` integer NOT NULL,
	`type_account` integer NOT NULL,
	`value` integer NOT NULL,
	`date` text NOT NULL,
	`description` text NOT NULL,
	`document` text,
	`title_id` integer,
	`transfer_id` integer,
	`origin` text NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "entries_value_positive" CHECK("bank_statements"."value" > 0),
	CONSTRAINT "entries_type_account" CHECK("bank_statements"."type_account" IN (0, 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `entries_uid` ON `bank_statements` (`uid`);--> statement-breakpoint
CREATE INDEX `entries_account_date` ON `bank_statements` (`bank_account_id`,`date`,`id`);--> statement-breakpoint
CREATE INDEX `entries_company_date` ON `bank_statements` (`company_id`,`date`,`id`);--> statement-breakpoint
CREATE INDEX `entries_title` ON `bank_statements` (`title_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `entries_transfer_leg` ON `bank_statements` (`transfer_id`,`type_account`) WHERE transfer_id IS NOT NULL;--> statement-breakpoint
CREATE TABLE `reconciliation_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`action` text NOT NULL,
	`bank_line_id` integer,
	`acquirer_line_id` integer,
	`details` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `reconciliation_audit_bank_line` ON `reconciliation_audit` (`bank_line_id`);--> statement-breakpoint
CREATE INDEX `reconciliation_audit_company` ON `reconciliation_audit` (`company_id`,`id`);--> statement-breakpoint
CREATE TABLE `titles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`type_account` integer NOT NULL,
	`description` text NOT NULL,
	`document` text,
	`value` integer NOT NULL,
	`open_value` integer NOT NULL,
	`due_date` text NOT NULL,
	`supplier_id` integer,
	`consumer_id` integer,
	`document_type_id` integer,
	`payment_type_id` integer,
	`account_type_id` integer,
	`cost_center_id` integer,
	`bank_account_id` integer,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "titles_open_value_range" CHECK("titles"."open_value" >= 0 AND "titles"."open_value" <= "titles"."value"),
	CONSTRAINT "titles_value_positive" CHECK("titles"."value" > 0)
);
--> statement-breakpoint
CREATE INDEX `titles_company_type_due` ON `titles` (`company_id`,`type_account`,`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `titles_forecast_account` ON `titles` (`bank_account_id`,`status`,`due_date`);--> statement-breakpoint
CREATE TABLE `bank_statement_transfers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`uid` text NOT NULL,
	`from_bank_account_id` integer NOT NULL,
	`to_bank_account_id` integer NOT NULL,
	`value` integer NOT NULL,
	`description` text NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "transfers_value_positive" CHECK("bank_statement_transfers"."value" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_uid` ON `bank_statement_transfers` (`uid`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`document` text,
	`time_zone` text DEFAULT 'America/Sao_Paulo' NOT NULL,
	`sefaz_ambiente_nf` integer DEFAULT 2 NOT NULL,
	`sefaz_ambiente_nfc` integer DEFAULT 2 NOT NULL,
	`sefaz_ambiente_service_invoice` integer DEFAULT 2 NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_companies` (
	`user_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `company_id`)
);
--> statement-breakpoint
CREATE INDEX `user_companies_company` ON `user_companies` (`company_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`password_salt` text NOT NULL,
	`password_iterations` integer NOT NULL,
	`company_id` integer NOT NULL,
	`tours_seen` text,
	`origin` text,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `job_errors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_id` integer NOT NULL,
	`line` integer NOT NULL,
	`message` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_errors_job_line` ON `job_errors` (`job_id`,`line`,`message`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`route` text NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'Pending' NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`file_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`file_hash` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`processed` integer DEFAULT 0 NOT NULL,
	`result` text,
	`failure_reason` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`started_at` text,
	`finished_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_company_route_hash` ON `jobs` (`company_id`,`route`,`file_hash`);--> statement-breakpoint
CREATE INDEX `jobs_company` ON `jobs` (`company_id`,`id`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`key` text PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`route` text NOT NULL,
	`job_type` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`expires_at` text NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `uploads_company` ON `uploads` (`company_id`);--> statement-breakpoint
CREATE TABLE `account_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`description` text NOT NULL,
	`type_account` integer DEFAULT 0 NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_types_company` ON `account_types` (`company_id`);--> statement-breakpoint
CREATE TABLE `brands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`keywords` text,
	`title` text,
	`is_active` integer DEFAULT 1 NOT NULL,
	`menu_home` integer DEFAULT 0 NOT NULL,
	`score` real,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `brands_company` ON `brands` (`company_id`,`status`);--> statement-breakpoint
CREATE TABLE `carrier_hub_mappings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`hub_carrier_name` text NOT NULL,
	`supplier_id` integer,
	`carrier_modal_id` integer,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `carrier_hub_mappings_company` ON `carrier_hub_mappings` (`company_id`);--> statement-breakpoint
CREATE INDEX `carrier_hub_mappings_modal` ON `carrier_hub_mappings` (`carrier_modal_id`);--> statement-breakpoint
CREATE TABLE `carrier_modals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carrier_modals_company_name` ON `carrier_modals` (`company_id`,`name_key`);--> statement-breakpoint
CREATE TABLE `consumers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`document` text,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `consumers_company` ON `consumers` (`company_id`);--> statement-breakpoint
CREATE TABLE `cost_centers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`description` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cost_centers_company` ON `cost_centers` (`company_id`);--> statement-breakpoint
CREATE TABLE `document_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`description` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `document_types_company` ON `document_types` (`company_id`);--> statement-breakpoint
CREATE TABLE `order_type_invoices` (
	`order_type_id` integer NOT NULL,
	`company_invoice_id` integer NOT NULL,
	PRIMARY KEY(`order_type_id`, `company_invoice_id`)
);
--> statement-breakpoint
CREATE TABLE `order_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`description` text NOT NULL,
	`is_transfer` integer DEFAULT 0 NOT NULL,
	`enabled_pos` integer DEFAULT 0 NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `order_types_company` ON `order_types` (`company_id`);--> statement-breakpoint
CREATE TABLE `payment_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`description` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_types_company` ON `payment_types` (`company_id`);--> statement-breakpoint
CREATE TABLE `pos_cashiers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`bank_account_id` integer NOT NULL,
	`opened_at` text NOT NULL,
	`closed_at` text,
	`opened_by` integer,
	`closed_by` integer
);
--> statement-breakpoint
CREATE INDEX `pos_cashiers_account` ON `pos_cashiers` (`bank_account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `pos_cashiers_one_open` ON `pos_cashiers` (`bank_account_id`) WHERE closed_at IS NULL;--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`code` text,
	`name` text NOT NULL,
	`brand_id` integer,
	`cost` integer DEFAULT 0 NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT 1 NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `products_company` ON `products` (`company_id`);--> statement-breakpoint
CREATE INDEX `products_brand` ON `products` (`brand_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `products_company_code` ON `products` (`company_id`,`code`);--> statement-breakpoint
CREATE TABLE `sku_cost_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`cost` integer DEFAULT 0 NOT NULL,
	`job_id` integer,
	`line` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sku_cost_records_product` ON `sku_cost_records` (`product_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sku_cost_records_job_line` ON `sku_cost_records` (`job_id`,`line`);--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`document` text,
	`is_carrier` integer DEFAULT 0 NOT NULL,
	`carrier_modal_id` integer,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `suppliers_company` ON `suppliers` (`company_id`);--> statement-breakpoint
CREATE INDEX `suppliers_carrier_modal` ON `suppliers` (`carrier_modal_id`);