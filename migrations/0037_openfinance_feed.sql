CREATE TABLE `bank_feeds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`bank_account_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`item_id` text NOT NULL,
	`account_id` text NOT NULL,
	`state` text DEFAULT 'new' NOT NULL,
	`user_action` text,
	`last_error` text,
	`last_sync_at` text,
	`synced_through` text,
	`retry_after` text,
	`last_job_id` integer,
	`budget_month` text DEFAULT '' NOT NULL,
	`budget_wide` integer DEFAULT 0 NOT NULL,
	`budget_narrow` integer DEFAULT 0 NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_feeds_account` ON `bank_feeds` (`bank_account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bank_feeds_integration_account` ON `bank_feeds` (`company_integration_id`,`account_id`);--> statement-breakpoint
CREATE INDEX `bank_feeds_item` ON `bank_feeds` (`company_integration_id`,`item_id`);--> statement-breakpoint
CREATE INDEX `bank_feeds_company` ON `bank_feeds` (`company_id`,`status`);--> statement-breakpoint
CREATE TABLE `openfinance_integrations` (
	`company_integration_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`provider` text DEFAULT 'Pluggy' NOT NULL,
	`base_url` text,
	`credentials` text,
	`webhook_secret` text NOT NULL,
	`previous_webhook_secret` text,
	`api_key` text,
	`api_key_renew_at` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `openfinance_integrations_company` ON `openfinance_integrations` (`company_id`);--> statement-breakpoint
CREATE TABLE `openfinance_webhook_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`event_id` text NOT NULL,
	`event` text NOT NULL,
	`item_id` text,
	`account_id` text,
	`state` text NOT NULL,
	`reason` text,
	`job_id` integer,
	`received_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `openfinance_webhook_events_event` ON `openfinance_webhook_events` (`company_integration_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `openfinance_webhook_events_company` ON `openfinance_webhook_events` (`company_id`,`id`);--> statement-breakpoint
ALTER TABLE `bank_statement_conciliations` ADD `origin` text;--> statement-breakpoint
ALTER TABLE `bank_statement_conciliations` ADD `feed_transaction_id` text;--> statement-breakpoint
ALTER TABLE `bank_statement_conciliations` ADD `pending` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bank_statement_conciliations` ADD `withdrawn_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `bank_lines_account_feed_id` ON `bank_statement_conciliations` (`bank_account_id`,`feed_transaction_id`) WHERE "bank_statement_conciliations"."feed_transaction_id" IS NOT NULL;