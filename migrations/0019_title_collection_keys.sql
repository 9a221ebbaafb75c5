ALTER TABLE `titles` ADD `nosso_numero` text;--> statement-breakpoint
ALTER TABLE `titles` ADD `nosso_numero_key` text GENERATED ALWAYS AS (ltrim(nosso_numero, '0')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `titles` ADD `tx_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `titles_nosso_numero` ON `titles` (`company_id`,`type_account`,`bank_account_id`,`nosso_numero_key`) WHERE "titles"."nosso_numero" IS NOT NULL AND "titles"."status" <> 0;--> statement-breakpoint
CREATE UNIQUE INDEX `titles_nosso_numero_no_account` ON `titles` (`company_id`,`type_account`,`nosso_numero_key`) WHERE "titles"."nosso_numero" IS NOT NULL AND "titles"."bank_account_id" IS NULL AND "titles"."status" <> 0;--> statement-breakpoint
CREATE UNIQUE INDEX `titles_tx_id` ON `titles` (`company_id`,`type_account`,`tx_id`) WHERE "titles"."tx_id" IS NOT NULL AND "titles"."status" <> 0;