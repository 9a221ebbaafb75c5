ALTER TABLE `nfe_documents` ADD `summary` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `nfe_documents` ADD `situation` integer;--> statement-breakpoint
ALTER TABLE `sefaz_documents` ADD `awareness` text;--> statement-breakpoint
ALTER TABLE `sefaz_documents` ADD `awareness_reason` text;--> statement-breakpoint
ALTER TABLE `sefaz_documents` ADD `requests` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sefaz_documents` ADD `requested_at` text;--> statement-breakpoint
ALTER TABLE `sefaz_integrations` ADD `auto_awareness` integer DEFAULT 0 NOT NULL;