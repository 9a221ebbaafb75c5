import { z } from "zod";
import type { JobDefinition } from "../jobs/types";
import { CSV_CONTENT_TYPES } from "../uploads/content-types";
import { importInventoryCount } from "./inventory-count-job";
import { inventoryCountParams } from "./inventory-job-params";

/** `StockInventoryCount`: counted quantities of an inventory from the job's CSV (inventory-count-job). */
export const stockInventoryCountJob: JobDefinition = {
  description:
    "contagem de inventário em CSV `sku;quantidade;lote`; exige `IDStockKeepingUnitInventorySummary` de um inventário aberto",
  params: z.object({ IDStockKeepingUnitInventorySummary: z.number().int().positive() }),
  handler: importInventoryCount,
  file: { contentTypes: CSV_CONTENT_TYPES, routes: ["job"], params: inventoryCountParams },
};
