import { createRouter } from "../../http/router";
import { createBankAccount, createBankAccountRoute } from "./create";
import { deleteBankAccount, deleteBankAccountRoute } from "./delete";
import { listBankAccountHistory, listBankAccountHistoryRoute } from "./history";
import { listBankAccounts, listBankAccountsRoute } from "./list";
import { updateBankAccount, updateBankAccountRoute } from "./update";

/** `/accounts/bank-account`: list, create, registry update / opening-balance adjustment, delete, history. */
export const bankAccountRouter = createRouter()
  .openapi(listBankAccountsRoute, listBankAccounts)
  .openapi(createBankAccountRoute, createBankAccount)
  .openapi(updateBankAccountRoute, updateBankAccount)
  .openapi(deleteBankAccountRoute, deleteBankAccount)
  .openapi(listBankAccountHistoryRoute, listBankAccountHistory);
