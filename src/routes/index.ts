import { createRouter } from "../http/router";
import { companyRouter } from "./company/company";
import { registriesRouter } from "./registries";
import { userRouter } from "./user/user";

/** Every authenticated operation of the API, by area. */
export const protectedRoutes = createRouter()
  .route("/", userRouter)
  .route("/", companyRouter)
  .route("/", registriesRouter);
