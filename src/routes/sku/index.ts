import { createRouter } from "../../http/router";
import { costRecalculateRouter } from "./cost-recalculate";
import { skuTemplateRouter } from "./sku-template";

export const skuRouter = createRouter().route("/", skuTemplateRouter).route("/", costRecalculateRouter);
