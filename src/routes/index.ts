import { createRouter } from "../http/router";
import { bankAccountRouter } from "./bank-accounts";
import { companyRouter } from "./company/company";
import { userRouter } from "./user/user";

/** Every authenticated operation of the API, by area. */
export const protectedRoutes = createRouter()
  .route("/", userRouter)
  .route("/", companyRouter)
  .route("/", bankAccountRouter);
