import { JobFailure, type JobHandler } from "../../domain/jobs/job-context";
import { JOB_PARAMS_INVALID } from "../../domain/jobs/messages";
import { recalculateCost } from "../../domain/sku/cost-recalculation";
import { PRODUCT_NOT_FOUND } from "../../domain/sku/messages";

function idSkuOf(params: string): number | null {
  try {
    const { IDSku } = JSON.parse(params) as { IDSku?: unknown };
    return typeof IDSku === "number" && Number.isInteger(IDSku) ? IDSku : null;
  } catch {
    return null;
  }
}

/** `SkuCostRecalculate`: the product's cost becomes the average of its recorded costs. */
export const skuCostRecalculateHandler: JobHandler = async ({ db, job }) => {
  const productId = idSkuOf(job.params);
  if (productId === null) throw new JobFailure(JOB_PARAMS_INVALID);
  const outcome = await recalculateCost(db, job.companyId, productId);
  if (!outcome.found) throw new JobFailure(PRODUCT_NOT_FOUND);
  return { status: "done", result: { records: outcome.records, updated: outcome.updated } };
};
