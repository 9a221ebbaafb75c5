import { createRouter } from "../../../http/router";
import { closeCashier, closeCashierRoute } from "./close";
import { listCashiers, listCashiersRoute } from "./list";
import { openCashier, openCashierRoute } from "./open";

export const cashierRouter = createRouter()
  .openapi(listCashiersRoute, listCashiers)
  .openapi(openCashierRoute, openCashier)
  .openapi(closeCashierRoute, closeCashier);
