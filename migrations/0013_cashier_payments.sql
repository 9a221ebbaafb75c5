CREATE TABLE `cashier_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`cashier_id` integer NOT NULL,
	`bank_account_id` integer NOT NULL,
	`title_id` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`category` integer NOT NULL,
	`nsu` text NOT NULL,
	`authorization_code` text,
	`value` integer NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "cashier_payments_category" CHECK("cashier_payments"."category" IN (22, 23, 24)),
	CONSTRAINT "cashier_payments_value_positive" CHECK("cashier_payments"."value" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cashier_payments_nsu` ON `cashier_payments` (`company_id`,`bank_account_id`,`nsu`);--> statement-breakpoint
CREATE INDEX `cashier_payments_cashier` ON `cashier_payments` (`cashier_id`);--> statement-breakpoint
CREATE INDEX `cashier_payments_title` ON `cashier_payments` (`title_id`);