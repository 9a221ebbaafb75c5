CREATE TABLE `issued_nfe_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`nfe_id` integer NOT NULL,
	`type` integer NOT NULL,
	`sequence` integer NOT NULL,
	`text` text NOT NULL,
	`status` text NOT NULL,
	`c_stat` integer,
	`x_motivo` text,
	`protocol` text,
	`registered_at` text,
	`xml_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `issued_nfe_events_sequence` ON `issued_nfe_events` (`nfe_id`,`type`,`sequence`);--> statement-breakpoint
CREATE INDEX `issued_nfe_events_company` ON `issued_nfe_events` (`company_id`,`nfe_id`);--> statement-breakpoint
CREATE TABLE `issued_nfes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`company_invoice_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`model` integer NOT NULL,
	`series` integer NOT NULL,
	`number` integer NOT NULL,
	`environment` integer NOT NULL,
	`emission_type` integer DEFAULT 1 NOT NULL,
	`cnf` text NOT NULL,
	`access_key` text NOT NULL,
	`status` text NOT NULL,
	`c_stat` integer,
	`x_motivo` text,
	`protocol` text,
	`authorized_at` text,
	`issued_at` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`recipient_document` text,
	`recipient_name` text,
	`xml_key` text,
	`proc_key` text,
	`sent` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`retry_at` text,
	`job_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `issued_nfes_number` ON `issued_nfes` (`company_invoice_id`,`model`,`series`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `issued_nfes_order` ON `issued_nfes` (`order_id`) WHERE status <> 'Denied';--> statement-breakpoint
CREATE UNIQUE INDEX `issued_nfes_key` ON `issued_nfes` (`access_key`);--> statement-breakpoint
CREATE INDEX `issued_nfes_company` ON `issued_nfes` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `issued_nfes_job` ON `issued_nfes` (`job_id`);--> statement-breakpoint
CREATE TABLE `nfe_voids` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`company_invoice_id` integer NOT NULL,
	`model` integer NOT NULL,
	`series` integer NOT NULL,
	`number_from` integer NOT NULL,
	`number_to` integer NOT NULL,
	`environment` integer NOT NULL,
	`justification` text NOT NULL,
	`status` text NOT NULL,
	`c_stat` integer,
	`x_motivo` text,
	`protocol` text,
	`registered_at` text,
	`xml_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `nfe_voids_series` ON `nfe_voids` (`company_invoice_id`,`model`,`series`,`number_from`);