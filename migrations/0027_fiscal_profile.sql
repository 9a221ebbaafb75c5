ALTER TABLE `company_invoices` ADD `state_registration` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `tax_regime` integer;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `street` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `number` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `complement` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `district` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `city_code` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `city` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `uf` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `zip_code` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `nfe_series` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `nfe_next_number` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `company_invoices` ADD `emit_ibs_cbs` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_types` ADD `cfop_in_state` text;--> statement-breakpoint
ALTER TABLE `order_types` ADD `cfop_out_of_state` text;--> statement-breakpoint
ALTER TABLE `order_types` ADD `nat_op` text;--> statement-breakpoint
ALTER TABLE `products` ADD `ncm` text;--> statement-breakpoint
ALTER TABLE `products` ADD `cest` text;--> statement-breakpoint
ALTER TABLE `products` ADD `origin` integer;