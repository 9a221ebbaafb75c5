CREATE TABLE `title_collection_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`title_id` integer NOT NULL,
	`bank_account_id` integer NOT NULL,
	`source` text NOT NULL,
	`kind` text NOT NULL,
	`occurrence_code` text NOT NULL,
	`bank_key` text NOT NULL,
	`date` text NOT NULL,
	`paid_value` integer DEFAULT 0 NOT NULL,
	`interest` integer DEFAULT 0 NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`tariff` integer DEFAULT 0 NOT NULL,
	`reason` text,
	`job_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "title_collection_events_source" CHECK("title_collection_events"."source" IN ('CNAB', 'PIX'))
);
--> statement-breakpoint
CREATE INDEX `title_collection_events_title` ON `title_collection_events` (`title_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `title_collection_events_occurrence` ON `title_collection_events` (`bank_account_id`,`bank_key`,`occurrence_code`,`date`);--> statement-breakpoint
CREATE TABLE `pix_charges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`title_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`tx_id` text NOT NULL,
	`status` text NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	`expires_in_seconds` integer NOT NULL,
	`location` text,
	`pix_copia_e_cola` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pix_charges_tx_id` ON `pix_charges` (`company_id`,`tx_id`);--> statement-breakpoint
CREATE INDEX `pix_charges_title` ON `pix_charges` (`title_id`);--> statement-breakpoint
CREATE TABLE `pix_integrations` (
	`company_integration_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`bank_account_id` integer NOT NULL,
	`base_url` text,
	`credentials` text,
	`pix_key` text,
	`mtls_certificate` text,
	`webhook_secret_hash` text NOT NULL,
	`state` text DEFAULT 'NotConfigured' NOT NULL,
	`state_reason` text,
	`retry_after` text,
	`failures` integer DEFAULT 0 NOT NULL,
	`cursor` text DEFAULT '' NOT NULL,
	`last_poll_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pix_integrations_company` ON `pix_integrations` (`company_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `pix_integrations_webhook_secret` ON `pix_integrations` (`webhook_secret_hash`);--> statement-breakpoint
ALTER TABLE `bank_statement_conciliations` ADD `end_to_end_id` text;--> statement-breakpoint
ALTER TABLE `bank_statement_conciliations` ADD `tx_id` text;--> statement-breakpoint
ALTER TABLE `bank_statement_conciliations` ADD `payer_document` text;--> statement-breakpoint
ALTER TABLE `bank_statement_conciliations` ADD `payer_name` text;--> statement-breakpoint
ALTER TABLE `bank_statement_conciliation_rules` ADD `payer_document` text;--> statement-breakpoint
ALTER TABLE `bank_statement_conciliation_rules` ADD `has_tx_id` integer;