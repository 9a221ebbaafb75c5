import { createRouter } from "../../http/router";
import { createManualBankLine, createManualBankLineRoute } from "./create-bank-line";
import { createBankTransfer, createBankTransferRoute } from "./create-transfer";
import { deleteBankTransfer, deleteBankTransferRoute } from "./delete-transfer";
import { getBankStatement, getBankStatementRoute } from "./get";
import { getBankLine, getBankLineRoute } from "./get-bank-line";
import { reconcileBankStatement, reconcileBankStatementRoute } from "./reconcile";
import {
  acceptTransferProposalHandler,
  acceptTransferProposalRoute,
  listTransferProposalsHandler,
  listTransferProposalsRoute,
} from "./transfer-proposals";
import { undoBankLineReconciliation, undoBankLineReconciliationRoute } from "./undo-bank-line";

/** Bank statement, transfers, manual bank lines and manual reconciliation (tag "Bank reconciliation"). */
export const bankStatementRouter = createRouter()
  .openapi(getBankStatementRoute, getBankStatement)
  .openapi(reconcileBankStatementRoute, reconcileBankStatement)
  .openapi(createBankTransferRoute, createBankTransfer)
  .openapi(deleteBankTransferRoute, deleteBankTransfer)
  .openapi(createManualBankLineRoute, createManualBankLine)
  .openapi(getBankLineRoute, getBankLine)
  .openapi(undoBankLineReconciliationRoute, undoBankLineReconciliation)
  .openapi(listTransferProposalsRoute, listTransferProposalsHandler)
  .openapi(acceptTransferProposalRoute, acceptTransferProposalHandler);
