import type { JobHandler } from "../../domain/jobs/job-context";
import { importInventoryCount } from "../../domain/stock/inventory-count-job";

/** `StockInventoryCount`: counted quantities of an inventory from the job's CSV (domain/stock/inventory-count-job). */
export const stockInventoryCountHandler: JobHandler = importInventoryCount;
