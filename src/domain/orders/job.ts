import { z } from "zod";
import { type JobDefinition, noParams } from "../jobs/types";
import { CSV_CONTENT_TYPES } from "../uploads/content-types";
import { importOrdersTemplate } from "./template-import-job";

/** `OrdersTemplate`: orders from the job's CSV template (template-import-job). */
export const ordersTemplateJob: JobDefinition = {
  description: "CSV de pedidos, por POST /orders/template",
  params: z.object({}),
  handler: importOrdersTemplate,
  file: { contentTypes: CSV_CONTENT_TYPES, routes: ["orders-template"], params: noParams },
};
