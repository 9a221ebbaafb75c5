import { createRouter } from "../../http/router";
import { importOrdersTemplate, importOrdersTemplateRoute } from "./import-template";

/** `/orders`: the orders spreadsheet upload. */
export const ordersRouter = createRouter().openapi(importOrdersTemplateRoute, importOrdersTemplate);
