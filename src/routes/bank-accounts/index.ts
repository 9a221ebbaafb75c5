import { createRouter } from "../../http/router";
import { createBankAccountRouter } from "./create";
import { deleteBankAccountRouter } from "./delete";
import { bankAccountHistoryRouter } from "./history";
import { listBankAccountsRouter } from "./list";
import { updateBankAccountRouter } from "./update";

/** `/accounts/bank-account`: list, create, registry update / opening-balance adjustment, delete, history. */
export const bankAccountRouter = createRouter()
  .route("/", listBankAccountsRouter)
  .route("/", createBankAccountRouter)
  .route("/", updateBankAccountRouter)
  .route("/", deleteBankAccountRouter)
  .route("/", bankAccountHistoryRouter);
