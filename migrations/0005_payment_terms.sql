CREATE TABLE `payment_type_rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`payment_type_id` integer NOT NULL,
	`installments` integer NOT NULL,
	`first_due_days` integer DEFAULT 0 NOT NULL,
	`interval_days` integer DEFAULT 30 NOT NULL,
	`fee_basis_points` integer DEFAULT 0 NOT NULL,
	`additional_business_days` integer DEFAULT 0 NOT NULL,
	`additional_business_days_position` integer DEFAULT 2 NOT NULL,
	`nf_t_pag` text NOT NULL,
	`nf_t_band` text,
	`refund_method` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_type_rates_installments` ON `payment_type_rates` (`payment_type_id`,`installments`);--> statement-breakpoint
CREATE INDEX `payment_type_rates_company` ON `payment_type_rates` (`company_id`,`payment_type_id`);--> statement-breakpoint
ALTER TABLE `titles` ADD `uid` text;--> statement-breakpoint
CREATE UNIQUE INDEX `titles_uid` ON `titles` (`uid`);