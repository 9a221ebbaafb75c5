CREATE TABLE `pix_charge_slots` (
	`title_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`tx_id` text NOT NULL,
	`taken_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `pix_integrations` ADD `access_token` text;--> statement-breakpoint
ALTER TABLE `pix_integrations` ADD `access_token_renew_at` integer;--> statement-breakpoint
ALTER TABLE `pix_integrations` ADD `token_lease_until` integer;