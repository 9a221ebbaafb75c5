CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`uid` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`created_ms` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`dispatched_at` text,
	`dispatch_key` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_uid` ON `events` (`uid`);--> statement-breakpoint
CREATE INDEX `events_company` ON `events` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `events_undispatched` ON `events` (`id`) WHERE dispatched_at IS NULL;--> statement-breakpoint
CREATE INDEX `events_dispatch_key` ON `events` (`dispatch_key`) WHERE dispatch_key IS NOT NULL;--> statement-breakpoint
CREATE TABLE `mail_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'Pending' NOT NULL,
	`transport` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `mail_messages_company` ON `mail_messages` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `mail_messages_pending` ON `mail_messages` (`id`) WHERE status = 'Pending';--> statement-breakpoint
CREATE TABLE `tracking_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`tracking_status_id` integer NOT NULL,
	`type_message` integer NOT NULL,
	`subject` text,
	`body` text NOT NULL,
	`active` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "tracking_messages_type" CHECK("tracking_messages"."type_message" IN (1, 2))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tracking_messages_status_type` ON `tracking_messages` (`company_id`,`tracking_status_id`,`type_message`);--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`delivery_id` integer NOT NULL,
	`number` integer NOT NULL,
	`status` text NOT NULL,
	`response_code` integer,
	`error` text,
	`duration_ms` integer NOT NULL,
	`attempted_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`next_attempt_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_attempts_delivery_number` ON `webhook_attempts` (`delivery_id`,`number`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`endpoint_id` integer NOT NULL,
	`status` text DEFAULT 'Pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`round_start` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`last_status_code` integer,
	`delivered_at` text,
	`delivered_ms` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_event_endpoint` ON `webhook_deliveries` (`event_id`,`endpoint_id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_company` ON `webhook_deliveries` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint` ON `webhook_deliveries` (`endpoint_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_waiting` ON `webhook_deliveries` (`status`,`next_attempt_at`) WHERE status IN ('Pending', 'Sending');--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`url` text NOT NULL,
	`description` text,
	`event_types` text NOT NULL,
	`active` integer DEFAULT 1 NOT NULL,
	`disabled_reason` text,
	`secret` text NOT NULL,
	`previous_secret` text,
	`previous_secret_expires_at` text,
	`max_per_second` integer DEFAULT 50 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "webhook_endpoints_active" CHECK("webhook_endpoints"."active" IN (0, 1))
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_company` ON `webhook_endpoints` (`company_id`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_rate_windows` (
	`endpoint_id` integer PRIMARY KEY NOT NULL,
	`window` integer NOT NULL,
	`count` integer NOT NULL
);
