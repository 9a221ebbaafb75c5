import { createRouter } from "../http/router";
import { companyRouter } from "./company/company";
import { jobsRouter } from "./jobs";
import { ordersRouter } from "./orders/orders-template";
import { skuRouter } from "./sku";
import { userRouter } from "./user/user";

/** Every authenticated operation of the API, by area. */
export const protectedRoutes = createRouter()
  .route("/", userRouter)
  .route("/", companyRouter)
  .route("/", jobsRouter)
  .route("/", skuRouter)
  .route("/", ordersRouter);
