import { createRouter } from "../../http/router";
import { createAcquirerLine, createAcquirerLineRoute } from "./create";
import { listAcquirerLines, listAcquirerLinesRoute } from "./list";
import { undoAcquirerLineReconciliation, undoAcquirerLineReconciliationRoute } from "./undo";

/** `/accounts/receivable/acquirer-conciliation`: acquirer lines and the undo of their reconciliation. */
export const acquirerRouter = createRouter()
  .openapi(createAcquirerLineRoute, createAcquirerLine)
  .openapi(listAcquirerLinesRoute, listAcquirerLines)
  .openapi(undoAcquirerLineReconciliationRoute, undoAcquirerLineReconciliation);
