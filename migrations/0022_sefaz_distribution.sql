CREATE TABLE `sefaz_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`nsu` text NOT NULL,
	`schema` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`ch_nfe` text,
	`issuer_document` text,
	`issuer_name` text,
	`issued_at` text,
	`total_value` integer DEFAULT 0 NOT NULL,
	`situation` integer,
	`xml` text,
	`nfe_job_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sefaz_documents_nsu` ON `sefaz_documents` (`company_integration_id`,`nsu`);--> statement-breakpoint
CREATE INDEX `sefaz_documents_company_key` ON `sefaz_documents` (`company_id`,`ch_nfe`);--> statement-breakpoint
CREATE INDEX `sefaz_documents_company_status` ON `sefaz_documents` (`company_id`,`status`);--> statement-breakpoint
CREATE TABLE `sefaz_integrations` (
	`company_integration_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`cnpj` text NOT NULL,
	`uf` text NOT NULL,
	`base_url` text,
	`mtls_certificate` text,
	`certificate_pem` text,
	`certificate_not_after` text,
	`certificate_subject` text,
	`private_key` text,
	`state` text DEFAULT 'NotConfigured' NOT NULL,
	`state_reason` text,
	`retry_after` text,
	`failures` integer DEFAULT 0 NOT NULL,
	`ult_nsu` text DEFAULT '000000000000000' NOT NULL,
	`max_nsu` text,
	`last_sync_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sefaz_integrations_company` ON `sefaz_integrations` (`company_id`);