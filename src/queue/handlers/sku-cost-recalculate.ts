import { JOB_PARAMS_INVALID } from "../../domain/jobs/messages";
import { recalculateCost } from "../../domain/sku/cost-recalculation";
import { PRODUCT_NOT_FOUND } from "../../domain/sku/messages";
import { JobFailure, type JobHandler } from "../job-context";

/** `SkuCostRecalculate`: the product's cost becomes the average of its recorded costs. */
export const skuCostRecalculateHandler: JobHandler = async ({ db, job }) => {
  const params = JSON.parse(job.params) as { IDSku?: unknown };
  if (typeof params.IDSku !== "number") throw new JobFailure(JOB_PARAMS_INVALID);
  const outcome = await recalculateCost(db, job.companyId, params.IDSku);
  if (!outcome.found) throw new JobFailure(PRODUCT_NOT_FOUND);
  return { status: "done", result: { records: outcome.records, updated: outcome.updated } };
};
