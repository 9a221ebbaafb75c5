CREATE TABLE `cashier_cash_receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`cashier_id` integer NOT NULL,
	`bank_account_id` integer NOT NULL,
	`title_id` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`value` integer NOT NULL,
	`cash_received` integer NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "cashier_cash_receipts_value_positive" CHECK("cashier_cash_receipts"."value" > 0),
	CONSTRAINT "cashier_cash_receipts_covers_value" CHECK("cashier_cash_receipts"."cash_received" >= "cashier_cash_receipts"."value")
);
--> statement-breakpoint
CREATE INDEX `cashier_cash_receipts_cashier` ON `cashier_cash_receipts` (`cashier_id`);--> statement-breakpoint
CREATE INDEX `cashier_cash_receipts_title` ON `cashier_cash_receipts` (`title_id`);