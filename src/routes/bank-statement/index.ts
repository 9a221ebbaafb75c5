import { createRouter } from "../../http/router";
import { bankLinesRouter } from "./bank-lines";
import { getStatementRouter } from "./get-statement";
import { postReconciliationRouter } from "./post-reconciliation";
import { transferRouter } from "./transfer";

/** Bank statement, transfers, manual bank lines and manual reconciliation (tag "Bank reconciliation"). */
export const bankStatementRouter = createRouter()
  .route("/", getStatementRouter)
  .route("/", postReconciliationRouter)
  .route("/", transferRouter)
  .route("/", bankLinesRouter);
