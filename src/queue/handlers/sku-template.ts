import type { JobHandler } from "../../domain/jobs/job-context";
import { importSkuTemplate } from "../../domain/sku/template-import-job";

/** `SkuTemplate`: the import of the job's CSV (domain/sku/template-import-job). */
export const skuTemplateHandler: JobHandler = importSkuTemplate;
