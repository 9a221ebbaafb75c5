import { createRouter } from "../../http/router";
import { checkPurchase, checkPurchaseRoute } from "./check";
import { createPurchase, createPurchaseRoute } from "./create";
import { getPurchase, getPurchaseRoute } from "./get";
import { listPurchases, listPurchasesRoute } from "./list";
import { listPurchaseStatuses, listPurchaseStatusesRoute } from "./statuses";
import { updatePurchase, updatePurchaseRoute } from "./update";

/** `/purchase`: purchases, their receiving check, and the purchase status registry. */
export const purchasesRouter = createRouter()
  .openapi(listPurchaseStatusesRoute, listPurchaseStatuses)
  .openapi(listPurchasesRoute, listPurchases)
  .openapi(createPurchaseRoute, createPurchase)
  .openapi(getPurchaseRoute, getPurchase)
  .openapi(updatePurchaseRoute, updatePurchase)
  .openapi(checkPurchaseRoute, checkPurchase);
