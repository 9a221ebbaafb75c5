import type { JobHandler } from "../../domain/jobs/job-context";
import { importOrdersTemplate } from "../../domain/orders/template-import-job";

/** `OrdersTemplate`: orders from the job's CSV template (domain/orders/template-import-job). */
export const ordersTemplateHandler: JobHandler = importOrdersTemplate;
