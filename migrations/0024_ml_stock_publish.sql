-- Published stock of Mercado Livre listings: every change of a SKU's stock balance or of its
-- reservations (orders reserving, invoicing, cancelling; purchases received; counts; any movement)
-- goes through these two tables, so the database itself queues the listings mapped to the SKU, in
-- the same statement as the change, whatever code path wrote it (one row per listing: a new change
-- bumps its seq; the publisher sends the quantity read at send time).
CREATE TABLE `ml_stock_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`company_integration_id` integer NOT NULL,
	`listing_id` text NOT NULL,
	`seq` integer DEFAULT 1 NOT NULL,
	`sent_seq` integer DEFAULT 0 NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`published` text,
	`published_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ml_stock_outbox_listing` ON `ml_stock_outbox` (`company_integration_id`,`listing_id`);--> statement-breakpoint
CREATE INDEX `ml_stock_outbox_pending` ON `ml_stock_outbox` (`state`,`company_integration_id`);--> statement-breakpoint
ALTER TABLE `hub_integrations` ADD `stock_buffer` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `hub_product_variations_sku_id` ON `hub_product_variations` (`sku_id`);--> statement-breakpoint
CREATE TRIGGER ml_stock_balances_after_insert AFTER INSERT ON stock_balances BEGIN
  INSERT INTO ml_stock_outbox (company_id, company_integration_id, listing_id)
  SELECT DISTINCT p.company_id, p.company_integration_id, p.channel_product_id
  FROM hub_product_variations v
  JOIN hub_products p ON p.id = v.hub_product_id AND p.company_id = v.company_id
    AND p.status = 1 AND p.channel_product_id IS NOT NULL
  JOIN hub_integrations h ON h.company_integration_id = p.company_integration_id
    AND h.type_company_integration_id = 3 AND h.auth_state = 'Authenticated' AND (h.warehouse_id IS NULL OR h.warehouse_id = NEW.warehouse_id)
  WHERE v.sku_id = NEW.sku_id
  ON CONFLICT (company_integration_id, listing_id) DO UPDATE SET
    seq = seq + 1,
    state = CASE WHEN state = 'failed' THEN 'failed' ELSE 'pending' END,
    updated_at = strftime('%Y-%m-%d %H:%M:%S', 'now');
END;
--> statement-breakpoint
CREATE TRIGGER ml_stock_balances_after_update AFTER UPDATE OF qty ON stock_balances WHEN NEW.qty <> OLD.qty BEGIN
  INSERT INTO ml_stock_outbox (company_id, company_integration_id, listing_id)
  SELECT DISTINCT p.company_id, p.company_integration_id, p.channel_product_id
  FROM hub_product_variations v
  JOIN hub_products p ON p.id = v.hub_product_id AND p.company_id = v.company_id
    AND p.status = 1 AND p.channel_product_id IS NOT NULL
  JOIN hub_integrations h ON h.company_integration_id = p.company_integration_id
    AND h.type_company_integration_id = 3 AND h.auth_state = 'Authenticated' AND (h.warehouse_id IS NULL OR h.warehouse_id = NEW.warehouse_id)
  WHERE v.sku_id = NEW.sku_id
  ON CONFLICT (company_integration_id, listing_id) DO UPDATE SET
    seq = seq + 1,
    state = CASE WHEN state = 'failed' THEN 'failed' ELSE 'pending' END,
    updated_at = strftime('%Y-%m-%d %H:%M:%S', 'now');
END;
--> statement-breakpoint
CREATE TRIGGER ml_stock_reservations_after_insert AFTER INSERT ON stock_reservations BEGIN
  INSERT INTO ml_stock_outbox (company_id, company_integration_id, listing_id)
  SELECT DISTINCT p.company_id, p.company_integration_id, p.channel_product_id
  FROM hub_product_variations v
  JOIN hub_products p ON p.id = v.hub_product_id AND p.company_id = v.company_id
    AND p.status = 1 AND p.channel_product_id IS NOT NULL
  JOIN hub_integrations h ON h.company_integration_id = p.company_integration_id
    AND h.type_company_integration_id = 3 AND h.auth_state = 'Authenticated' AND (h.warehouse_id IS NULL OR h.warehouse_id = NEW.warehouse_id)
  WHERE v.sku_id = NEW.sku_id
  ON CONFLICT (company_integration_id, listing_id) DO UPDATE SET
    seq = seq + 1,
    state = CASE WHEN state = 'failed' THEN 'failed' ELSE 'pending' END,
    updated_at = strftime('%Y-%m-%d %H:%M:%S', 'now');
END;
--> statement-breakpoint
CREATE TRIGGER ml_stock_reservations_after_update AFTER UPDATE OF quantity, status_order_id, sku_id, warehouse_id ON stock_reservations BEGIN
  INSERT INTO ml_stock_outbox (company_id, company_integration_id, listing_id)
  SELECT DISTINCT p.company_id, p.company_integration_id, p.channel_product_id
  FROM hub_product_variations v
  JOIN hub_products p ON p.id = v.hub_product_id AND p.company_id = v.company_id
    AND p.status = 1 AND p.channel_product_id IS NOT NULL
  JOIN hub_integrations h ON h.company_integration_id = p.company_integration_id
    AND h.type_company_integration_id = 3 AND h.auth_state = 'Authenticated' AND (h.warehouse_id IS NULL OR h.warehouse_id = NEW.warehouse_id)
  WHERE v.sku_id = NEW.sku_id
  ON CONFLICT (company_integration_id, listing_id) DO UPDATE SET
    seq = seq + 1,
    state = CASE WHEN state = 'failed' THEN 'failed' ELSE 'pending' END,
    updated_at = strftime('%Y-%m-%d %H:%M:%S', 'now');
END;
--> statement-breakpoint
CREATE TRIGGER ml_stock_reservations_after_delete AFTER DELETE ON stock_reservations BEGIN
  INSERT INTO ml_stock_outbox (company_id, company_integration_id, listing_id)
  SELECT DISTINCT p.company_id, p.company_integration_id, p.channel_product_id
  FROM hub_product_variations v
  JOIN hub_products p ON p.id = v.hub_product_id AND p.company_id = v.company_id
    AND p.status = 1 AND p.channel_product_id IS NOT NULL
  JOIN hub_integrations h ON h.company_integration_id = p.company_integration_id
    AND h.type_company_integration_id = 3 AND h.auth_state = 'Authenticated' AND (h.warehouse_id IS NULL OR h.warehouse_id = OLD.warehouse_id)
  WHERE v.sku_id = OLD.sku_id
  ON CONFLICT (company_integration_id, listing_id) DO UPDATE SET
    seq = seq + 1,
    state = CASE WHEN state = 'failed' THEN 'failed' ELSE 'pending' END,
    updated_at = strftime('%Y-%m-%d %H:%M:%S', 'now');
END;
