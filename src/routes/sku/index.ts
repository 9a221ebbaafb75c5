import { createRouter } from "../../http/router";
import { skuAdjustment, skuAdjustmentRoute } from "./adjustment";
import { skuBalance, skuBalanceRoute } from "./balance";
import { createBatch, createBatchRoute } from "./batch-create";
import { listBatches, listBatchesRoute } from "./batch-list";
import { createSku, createSkuRoute } from "./create";
import { getSku, getSkuRoute } from "./get";
import { importSkuTemplate, importSkuTemplateRoute } from "./import-template";
import { applyInventory, applyInventoryRoute } from "./inventory-apply";
import { createInventory, createInventoryRoute } from "./inventory-create";
import { addInventoryItems, addInventoryItemsRoute } from "./inventory-items";
import { getInventorySummary, inventorySummaryRoute } from "./inventory-summary";
import { listSkus, listSkusRoute } from "./list";
import { skuMovement, skuMovementRoute } from "./movement";
import { skuPricing, skuPricingRoute } from "./pricing";
import { recalculateSkuCost, recalculateSkuCostRoute } from "./recalculate-cost";
import { skuTransfer, skuTransferRoute } from "./transfer";
import { updateSku, updateSkuRoute } from "./update";
import { skuWarehouse, skuWarehouseRoute } from "./warehouse-balance";

/**
 * `/sku`: the SKU registry, ledger operations and reads, batches, counts and pricing (warehouses,
 * sales policies and the negative-stock setting have their own folders). Static /sku paths are declared before
 * `/sku/{idsku}` so `/sku/balance` is never read as an id.
 */
export const skuRouter = createRouter()
  .openapi(listSkusRoute, listSkus)
  .openapi(createSkuRoute, createSku)
  .openapi(skuBalanceRoute, skuBalance)
  .openapi(skuMovementRoute, skuMovement)
  .openapi(skuAdjustmentRoute, skuAdjustment)
  .openapi(skuTransferRoute, skuTransfer)
  .openapi(listBatchesRoute, listBatches)
  .openapi(createBatchRoute, createBatch)
  .openapi(skuPricingRoute, skuPricing)
  .openapi(createInventoryRoute, createInventory)
  .openapi(addInventoryItemsRoute, addInventoryItems)
  .openapi(applyInventoryRoute, applyInventory)
  .openapi(inventorySummaryRoute, getInventorySummary)
  .openapi(getSkuRoute, getSku)
  .openapi(updateSkuRoute, updateSku)
  .openapi(skuWarehouseRoute, skuWarehouse);

/** `/sku` file jobs: the SKU spreadsheet import and the cost recalculation (mounted after the stock registries). */
export const skuJobsRouter = createRouter()
  .openapi(importSkuTemplateRoute, importSkuTemplate)
  .openapi(recalculateSkuCostRoute, recalculateSkuCost);
