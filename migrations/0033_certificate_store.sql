CREATE TABLE `company_certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`cnpj` text NOT NULL,
	`certificate_pem` text,
	`subject` text,
	`not_before` text,
	`not_after` text,
	`mtls_certificate` text,
	`private_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `company_certificates_cnpj` ON `company_certificates` (`company_id`,`cnpj`);