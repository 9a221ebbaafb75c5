import { createRouter } from "../../http/router";
import { health, healthRoute } from "./get";
import { apiIndex, apiIndexRoute } from "./root";

/** Mounted before the tenant and auth middlewares: no account, no token, no database. */
export const healthRouter = createRouter().openapi(apiIndexRoute, apiIndex).openapi(healthRoute, health);
