CREATE TABLE `nfe_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ch_nfe` text NOT NULL,
	`series` integer NOT NULL,
	`number` integer NOT NULL,
	`issued_at` text NOT NULL,
	`issue_date` text NOT NULL,
	`nature` text DEFAULT '' NOT NULL,
	`environment` integer DEFAULT 1 NOT NULL,
	`issuer_document` text NOT NULL,
	`issuer_name` text NOT NULL,
	`issuer_ie` text,
	`recipient_document` text NOT NULL,
	`products_value` integer DEFAULT 0 NOT NULL,
	`icms_value` integer DEFAULT 0 NOT NULL,
	`ipi_value` integer DEFAULT 0 NOT NULL,
	`total_value` integer DEFAULT 0 NOT NULL,
	`installments` text DEFAULT '[]' NOT NULL,
	`payments` text DEFAULT '[]' NOT NULL,
	`protocol_number` text,
	`item_count` integer NOT NULL,
	`unmatched_items` integer DEFAULT 0 NOT NULL,
	`supplier_id` integer NOT NULL,
	`purchase_id` integer,
	`job_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nfe_documents_company_key` ON `nfe_documents` (`company_id`,`ch_nfe`);--> statement-breakpoint
CREATE INDEX `nfe_documents_company_date` ON `nfe_documents` (`company_id`,`issue_date`,`id`);--> statement-breakpoint
CREATE INDEX `nfe_documents_company_number` ON `nfe_documents` (`company_id`,`number`);--> statement-breakpoint
CREATE INDEX `nfe_documents_supplier` ON `nfe_documents` (`supplier_id`);--> statement-breakpoint
CREATE TABLE `nfe_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`nfe_id` integer NOT NULL,
	`event` integer NOT NULL,
	`comments` text,
	`c_stat` integer NOT NULL,
	`x_motivo` text NOT NULL,
	`protocol` text,
	`registered_at` text,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "nfe_events_event" CHECK("nfe_events"."event" IN (210200, 210210, 210220, 210240))
);
--> statement-breakpoint
CREATE INDEX `nfe_events_document` ON `nfe_events` (`nfe_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `nfe_events_registered_once` ON `nfe_events` (`nfe_id`,`event`) WHERE "nfe_events"."protocol" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `nfe_events_one_conclusive` ON `nfe_events` (`nfe_id`) WHERE "nfe_events"."protocol" IS NOT NULL AND "nfe_events"."event" IN (210200, 210220, 210240);--> statement-breakpoint
CREATE TABLE `nfe_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`nfe_id` integer NOT NULL,
	`item_number` integer NOT NULL,
	`supplier_code` text NOT NULL,
	`ean` text,
	`ean_trib` text,
	`description` text NOT NULL,
	`ncm` text NOT NULL,
	`cfop` text NOT NULL,
	`unit` text NOT NULL,
	`quantity_text` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_value_text` text NOT NULL,
	`total_value` integer DEFAULT 0 NOT NULL,
	`icms_value` integer DEFAULT 0 NOT NULL,
	`icms_st_value` integer DEFAULT 0 NOT NULL,
	`ipi_value` integer DEFAULT 0 NOT NULL,
	`pis_value` integer DEFAULT 0 NOT NULL,
	`cofins_value` integer DEFAULT 0 NOT NULL,
	`ibs_value` integer DEFAULT 0 NOT NULL,
	`cbs_value` integer DEFAULT 0 NOT NULL,
	`sku_id` integer,
	`matched_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nfe_items_document_number` ON `nfe_items` (`nfe_id`,`item_number`);--> statement-breakpoint
CREATE INDEX `nfe_items_sku` ON `nfe_items` (`sku_id`);--> statement-breakpoint
CREATE TABLE `sefaz_sandbox_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ch_nfe` text NOT NULL,
	`author_document` text NOT NULL,
	`event` integer NOT NULL,
	`registered_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sefaz_sandbox_events_once` ON `sefaz_sandbox_events` (`ch_nfe`,`author_document`,`event`);--> statement-breakpoint
CREATE UNIQUE INDEX `sefaz_sandbox_events_one_conclusive` ON `sefaz_sandbox_events` (`ch_nfe`,`author_document`) WHERE "sefaz_sandbox_events"."event" IN (210200, 210220, 210240);--> statement-breakpoint
CREATE TABLE `supplier_sku_codes` (
	`company_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`supplier_code` text NOT NULL,
	`sku_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	PRIMARY KEY(`company_id`, `supplier_id`, `supplier_code`)
);
