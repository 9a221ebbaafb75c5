CREATE TABLE `sign_in_throttle` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_start` integer NOT NULL,
	`last_at` integer DEFAULT 0 NOT NULL,
	`prev_at` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);
--> statement-breakpoint
CREATE INDEX `sign_in_throttle_window` ON `sign_in_throttle` (`window_start`);