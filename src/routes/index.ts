import { createRouter } from "../http/router";
import { acquirerRouter } from "./acquirer/acquirer-lines";
import { bankStatementRouter } from "./bank-statement";
import { companyRouter } from "./company/company";
import { userRouter } from "./user/user";

/** Every authenticated operation of the API, by area. */
export const protectedRoutes = createRouter()
  .route("/", userRouter)
  .route("/", companyRouter)
  .route("/", bankStatementRouter)
  // Before any `/accounts/receivable/{id}` route, so `acquirer-conciliation` is never read as an id.
  .route("/", acquirerRouter);
