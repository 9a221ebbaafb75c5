CREATE TABLE `marketplace_settlements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`channel_order_id` text NOT NULL,
	`settlement_date` text NOT NULL,
	`gross` integer DEFAULT 0 NOT NULL,
	`commission` integer DEFAULT 0 NOT NULL,
	`fees` integer DEFAULT 0 NOT NULL,
	`net` integer DEFAULT 0 NOT NULL,
	`job_id` integer NOT NULL,
	`line` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `marketplace_settlements_job_line` ON `marketplace_settlements` (`job_id`,`line`);--> statement-breakpoint
CREATE INDEX `marketplace_settlements_order` ON `marketplace_settlements` (`company_id`,`company_integration_id`,`channel_order_id`,`id`);--> statement-breakpoint
CREATE INDEX `marketplace_settlements_date` ON `marketplace_settlements` (`company_id`,`settlement_date`);