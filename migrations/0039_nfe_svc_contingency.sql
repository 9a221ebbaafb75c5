CREATE TABLE `authorizer_statuses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`authorizer` text NOT NULL,
	`model` integer NOT NULL,
	`environment` integer NOT NULL,
	`endpoint` text DEFAULT '' NOT NULL,
	`c_stat` integer,
	`x_motivo` text,
	`stopped` integer DEFAULT 0 NOT NULL,
	`source` text,
	`asked_at` text,
	`polled_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `authorizer_statuses_key` ON `authorizer_statuses` (`authorizer`,`model`,`environment`,`endpoint`);--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `contingency_mode` integer;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `contingency_since` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `contingency_reason` text;