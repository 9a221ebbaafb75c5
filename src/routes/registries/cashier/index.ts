import { createRouter } from "../../../http/router";
import { receiveCashierCash, receiveCashierCashRoute } from "./cash";
import { closeCashier, closeCashierRoute } from "./close";
import { listCashiers, listCashiersRoute } from "./list";
import { openCashier, openCashierRoute } from "./open";
import { receiveCashierPayment, receiveCashierPaymentRoute } from "./payment";

export const cashierRouter = createRouter()
  .openapi(listCashiersRoute, listCashiers)
  .openapi(openCashierRoute, openCashier)
  .openapi(closeCashierRoute, closeCashier)
  .openapi(receiveCashierPaymentRoute, receiveCashierPayment)
  .openapi(receiveCashierCashRoute, receiveCashierCash);
