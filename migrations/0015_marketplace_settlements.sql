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
	`reference` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "marketplace_settlements_net" CHECK("marketplace_settlements"."gross" >= 0 AND "marketplace_settlements"."commission" >= 0 AND "marketplace_settlements"."fees" >= 0 AND "marketplace_settlements"."net" = "marketplace_settlements"."gross" - "marketplace_settlements"."commission" - "marketplace_settlements"."fees")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `marketplace_settlements_reference` ON `marketplace_settlements` (`company_integration_id`,`reference`);--> statement-breakpoint
CREATE INDEX `marketplace_settlements_order` ON `marketplace_settlements` (`company_id`,`company_integration_id`,`channel_order_id`,`id`);--> statement-breakpoint
CREATE INDEX `marketplace_settlements_date` ON `marketplace_settlements` (`company_id`,`settlement_date`);--> statement-breakpoint
ALTER TABLE `hub_integrations` ADD `settlement_cursor` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `hub_integrations` ADD `payment_type_id` integer;