DROP INDEX `stock_reservations_sku`;--> statement-breakpoint
CREATE INDEX `stock_reservations_sku` ON `stock_reservations` (`sku_id`,`warehouse_id`,`status_order_id`,`quantity`);