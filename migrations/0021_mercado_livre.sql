CREATE TABLE `ml_connections` (
	`company_integration_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`base_url` text NOT NULL,
	`client_id` text NOT NULL,
	`seller_id` text,
	`tokens` text,
	`access_expires_at` text,
	`version` integer DEFAULT 0 NOT NULL,
	`refresh_lease_until` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ml_connections_seller` ON `ml_connections` (`client_id`,`seller_id`);--> statement-breakpoint
CREATE TABLE `ml_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`topic` text NOT NULL,
	`resource` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`sent_at` text,
	`received_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ml_notifications_resource` ON `ml_notifications` (`company_integration_id`,`resource`);--> statement-breakpoint
CREATE INDEX `ml_notifications_pending` ON `ml_notifications` (`company_integration_id`,`state`,`id`);--> statement-breakpoint
CREATE TABLE `ml_oauth_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`redirect_uri` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `hub_integrations` ADD `auth_reason` text;