import { z } from "zod";
import { JobFailure } from "../jobs/job-context";
import { JOB_PARAMS_INVALID } from "../jobs/messages";
import { type JobDefinition, noParams } from "../jobs/types";
import { CSV_CONTENT_TYPES } from "../uploads/content-types";
import { recalculateCost } from "./cost-recalculation";
import { PRODUCT_NOT_FOUND } from "./messages";
import { importSkuTemplate } from "./template-import-job";

/** `SkuTemplate`: the import of the job's CSV (template-import-job). */
export const skuTemplateJob: JobDefinition = {
  description: "CSV de produtos; também por POST /sku/template",
  params: z.object({}),
  handler: importSkuTemplate,
  file: { contentTypes: CSV_CONTENT_TYPES, routes: ["job", "sku-template"], params: noParams },
};

function idSkuOf(params: string): number | null {
  try {
    const { IDSku } = JSON.parse(params) as { IDSku?: unknown };
    return typeof IDSku === "number" && Number.isInteger(IDSku) ? IDSku : null;
  } catch {
    return null;
  }
}

/** `SkuCostRecalculate`: the product's cost becomes the average of its recorded costs. */
export const skuCostRecalculateJob: JobDefinition = {
  description: "recálculo do custo médio de um SKU, por POST /sku/{idsku}/cost/recalculate",
  params: z.object({ IDSku: z.number().int() }),
  handler: async ({ db, job }) => {
    const productId = idSkuOf(job.params);
    if (productId === null) throw new JobFailure(JOB_PARAMS_INVALID);
    const outcome = await recalculateCost(db, job.companyId, productId);
    if (!outcome.found) throw new JobFailure(PRODUCT_NOT_FOUND);
    return { status: "done", result: { records: outcome.records, updated: outcome.updated } };
  },
};
