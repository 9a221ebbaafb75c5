import { createRouter } from "../http/router";
import { companyRouter } from "./company/company";
import { conciliationRulesRouter } from "./conciliation-rules";
import { userRouter } from "./user/user";

/** Every authenticated operation of the API, by area. */
export const protectedRoutes = createRouter()
  .route("/", userRouter)
  .route("/", companyRouter)
  .route("/", conciliationRulesRouter);
