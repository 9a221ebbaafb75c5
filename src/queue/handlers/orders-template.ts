import { JobFailure, type JobHandler } from "../../domain/jobs/job-context";
import { ORDERS_TEMPLATE_NOT_AVAILABLE } from "../../domain/jobs/messages";

/**
 * `OrdersTemplate`: the file is accepted and kept, but importing orders belongs to the orders
 * area, which this service does not have yet; the job says so instead of pretending success.
 */
export const ordersTemplateHandler: JobHandler = async () => {
  throw new JobFailure(ORDERS_TEMPLATE_NOT_AVAILABLE);
};
