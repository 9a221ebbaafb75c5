ALTER TABLE `company_invoices` ADD `nfce_series` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `nfce_next_number` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `csc_id` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `csc_sealed` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `nfce_offline_contingency` integer DEFAULT 0 NOT NULL;