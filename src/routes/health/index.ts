import { createRouter } from "../../http/router";
import { health, healthRoute } from "./get";

/** Mounted before the tenant and auth middlewares: no account, no token, no database. */
export const healthRouter = createRouter().openapi(healthRoute, health);
