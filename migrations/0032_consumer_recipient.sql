ALTER TABLE `consumers` ADD `state_registration` text;--> statement-breakpoint
ALTER TABLE `consumers` ADD `street` text;--> statement-breakpoint
ALTER TABLE `consumers` ADD `number` text;--> statement-breakpoint
ALTER TABLE `consumers` ADD `complement` text;--> statement-breakpoint
ALTER TABLE `consumers` ADD `district` text;--> statement-breakpoint
ALTER TABLE `consumers` ADD `city_code` text;--> statement-breakpoint
ALTER TABLE `consumers` ADD `city` text;--> statement-breakpoint
ALTER TABLE `consumers` ADD `uf` text;--> statement-breakpoint
ALTER TABLE `consumers` ADD `zip_code` text;--> statement-breakpoint
ALTER TABLE `consumers` ADD `phone` text;