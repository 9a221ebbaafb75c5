import { createRouter } from "../../http/router";
import { salesPolicyRouter } from "../sales-policy";
import { skuAdjustment, skuAdjustmentRoute } from "../sku/adjustment";
import { skuBalance, skuBalanceRoute } from "../sku/balance";
import { createBatch, createBatchRoute } from "../sku/batch-create";
import { listBatches, listBatchesRoute } from "../sku/batch-list";
import { createSku, createSkuRoute } from "../sku/create";
import { getSku, getSkuRoute } from "../sku/get";
import { applyInventory, applyInventoryRoute } from "../sku/inventory-apply";
import { createInventory, createInventoryRoute } from "../sku/inventory-create";
import { addInventoryItems, addInventoryItemsRoute } from "../sku/inventory-items";
import { getInventorySummary, inventorySummaryRoute } from "../sku/inventory-summary";
import { listSkus, listSkusRoute } from "../sku/list";
import { skuMovement, skuMovementRoute } from "../sku/movement";
import { skuPricing, skuPricingRoute } from "../sku/pricing";
import { skuTransfer, skuTransferRoute } from "../sku/transfer";
import { updateSku, updateSkuRoute } from "../sku/update";
import { skuWarehouse, skuWarehouseRoute } from "../sku/warehouse-balance";
import { stockSettingRouter } from "../stock-setting";
import { warehouseRouter } from "../warehouse";

/**
 * The stock area: SKU registry, ledger operations and reads, batches, counts, pricing, warehouses,
 * sales policies and the negative-stock setting. Static /sku paths are declared before
 * `/sku/{idsku}` so `/sku/balance` is never read as an id.
 */
export const stockRouter = createRouter()
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
  .openapi(skuWarehouseRoute, skuWarehouse)
  .route("/", warehouseRouter)
  .route("/", salesPolicyRouter)
  .route("/", stockSettingRouter);
