import { findActiveProduct, recordedCosts, setProductCost } from "../../db/sku-import";
import type { Actor, Db } from "../../env";
import { badRequest } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { createJob, type JobDeps } from "../jobs/create-job";
import { PRODUCT_NOT_FOUND } from "./messages";

export const COST_RECALCULATION_ROUTE = "sku-cost-recalculate";

/** Average of recorded costs, rounded half up to the cent; null when nothing was recorded. */
export function averageCost(sum: Cents, count: number): Cents | null {
  if (count === 0) return null;
  return Math.floor((2 * sum + count) / (2 * count));
}

/**
 * Queues the recalculation of a product's cost. The job has no file: its FileHash is a fresh
 * synthetic value, so every request is its own job and the unique (company, route, hash) index
 * keeps meaning "one job per uploaded content" for the file routes.
 */
export async function scheduleCostRecalculation(
  deps: JobDeps,
  caller: Actor,
  productId: number,
): Promise<number> {
  if (!(await findActiveProduct(deps.db, caller.companyId, productId))) throw badRequest(PRODUCT_NOT_FOUND);
  const job = await createJob(deps, {
    companyId: caller.companyId,
    route: COST_RECALCULATION_ROUTE,
    type: "SkuCostRecalculate",
    params: JSON.stringify({ IDSku: productId }),
    fileKey: "",
    fileName: "",
    contentType: "",
    sizeBytes: 0,
    fileHash: `${COST_RECALCULATION_ROUTE}:${productId}:${crypto.randomUUID()}`,
    createdBy: caller.userId,
  });
  return job.jobId;
}

export type CostRecalculation = { found: boolean; records: number; updated: number };

/** The rule: cost = average of the SKU's recorded costs; unchanged when none was recorded. */
export async function recalculateCost(
  db: Db,
  companyId: number,
  productId: number,
): Promise<CostRecalculation> {
  const product = await findActiveProduct(db, companyId, productId);
  if (!product) return { found: false, records: 0, updated: 0 };
  const { count, sum } = await recordedCosts(db, companyId, productId);
  const average = averageCost(sum, count);
  if (average === null) return { found: true, records: 0, updated: 0 };
  await setProductCost(db, companyId, productId, average);
  return { found: true, records: count, updated: 1 };
}
