-- 1. Settlements: a line is a release (every amount >= 0) or the reversal of one (a refund after the
--    money was released: every amount <= 0); net = gross - commission - fees either way.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_marketplace_settlements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`channel_order_id` text NOT NULL,
	`settlement_date` text NOT NULL,
	`gross` integer DEFAULT 0 NOT NULL,
	`commission` integer DEFAULT 0 NOT NULL,
	`fees` integer DEFAULT 0 NOT NULL,
	`net` integer DEFAULT 0 NOT NULL,
	`reference` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL,
	CONSTRAINT "marketplace_settlements_net" CHECK((("gross" >= 0 AND "commission" >= 0 AND "fees" >= 0) OR ("gross" <= 0 AND "commission" <= 0 AND "fees" <= 0)) AND "net" = "gross" - "commission" - "fees")
);
--> statement-breakpoint
INSERT INTO `__new_marketplace_settlements`("id", "company_id", "company_integration_id", "channel_order_id", "settlement_date", "gross", "commission", "fees", "net", "reference", "created_at") SELECT "id", "company_id", "company_integration_id", "channel_order_id", "settlement_date", "gross", "commission", "fees", "net", "reference", "created_at" FROM `marketplace_settlements`;--> statement-breakpoint
DROP TABLE `marketplace_settlements`;--> statement-breakpoint
ALTER TABLE `__new_marketplace_settlements` RENAME TO `marketplace_settlements`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `marketplace_settlements_reference` ON `marketplace_settlements` (`company_integration_id`,`reference`);--> statement-breakpoint
CREATE INDEX `marketplace_settlements_order` ON `marketplace_settlements` (`company_id`,`company_integration_id`,`channel_order_id`,`id`);--> statement-breakpoint
CREATE INDEX `marketplace_settlements_date` ON `marketplace_settlements` (`company_id`,`settlement_date`);--> statement-breakpoint
-- 2. Published stock (0024): the listings a stock change of (SKU, warehouse) queues are one view, and
--    the queueing itself one INSTEAD OF trigger on it; the five triggers of the stock tables only
--    say which (SKU, warehouse) changed, by an INSERT into the view, in the same statement as before.
CREATE VIEW `ml_stock_listings` AS
  SELECT DISTINCT v.sku_id AS sku_id, h.warehouse_id AS warehouse_id, p.company_id AS company_id,
    p.company_integration_id AS company_integration_id, p.channel_product_id AS listing_id
  FROM hub_product_variations v
  JOIN hub_products p ON p.id = v.hub_product_id AND p.company_id = v.company_id
    AND p.status = 1 AND p.channel_product_id IS NOT NULL
  JOIN hub_integrations h ON h.company_integration_id = p.company_integration_id
    AND h.type_company_integration_id = 3 AND h.auth_state = 'Authenticated';
--> statement-breakpoint
CREATE TRIGGER ml_stock_listings_changed INSTEAD OF INSERT ON ml_stock_listings BEGIN
  INSERT INTO ml_stock_outbox (company_id, company_integration_id, listing_id)
  SELECT DISTINCT l.company_id, l.company_integration_id, l.listing_id
  FROM ml_stock_listings l
  WHERE l.sku_id = NEW.sku_id AND (l.warehouse_id IS NULL OR l.warehouse_id = NEW.warehouse_id)
  ON CONFLICT (company_integration_id, listing_id) DO UPDATE SET
    seq = seq + 1,
    state = CASE WHEN state = 'failed' THEN 'failed' ELSE 'pending' END,
    updated_at = strftime('%Y-%m-%d %H:%M:%S', 'now');
END;
--> statement-breakpoint
DROP TRIGGER ml_stock_balances_after_insert;--> statement-breakpoint
DROP TRIGGER ml_stock_balances_after_update;--> statement-breakpoint
DROP TRIGGER ml_stock_reservations_after_insert;--> statement-breakpoint
DROP TRIGGER ml_stock_reservations_after_update;--> statement-breakpoint
DROP TRIGGER ml_stock_reservations_after_delete;--> statement-breakpoint
CREATE TRIGGER ml_stock_balances_after_insert AFTER INSERT ON stock_balances BEGIN
  INSERT INTO ml_stock_listings (sku_id, warehouse_id) VALUES (NEW.sku_id, NEW.warehouse_id);
END;
--> statement-breakpoint
CREATE TRIGGER ml_stock_balances_after_update AFTER UPDATE OF qty ON stock_balances WHEN NEW.qty <> OLD.qty BEGIN
  INSERT INTO ml_stock_listings (sku_id, warehouse_id) VALUES (NEW.sku_id, NEW.warehouse_id);
END;
--> statement-breakpoint
CREATE TRIGGER ml_stock_reservations_after_insert AFTER INSERT ON stock_reservations BEGIN
  INSERT INTO ml_stock_listings (sku_id, warehouse_id) VALUES (NEW.sku_id, NEW.warehouse_id);
END;
--> statement-breakpoint
CREATE TRIGGER ml_stock_reservations_after_update AFTER UPDATE OF quantity, status_order_id, sku_id, warehouse_id ON stock_reservations BEGIN
  INSERT INTO ml_stock_listings (sku_id, warehouse_id) VALUES (NEW.sku_id, NEW.warehouse_id);
END;
--> statement-breakpoint
CREATE TRIGGER ml_stock_reservations_after_delete AFTER DELETE ON stock_reservations BEGIN
  INSERT INTO ml_stock_listings (sku_id, warehouse_id) VALUES (OLD.sku_id, OLD.warehouse_id);
END;
