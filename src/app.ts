import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env";
import { completeErrorAnswers, errorHandler, handleNotFound } from "./http/error-handler";
import { registerOpenApi } from "./http/openapi";
import { registerReferencePage } from "./http/reference-page";
import { routeTable } from "./http/route-table";
import { validationHook } from "./http/validation";
import { requireAuth } from "./middleware/auth";
import { corsForFrontends, securityHeaders } from "./middleware/browser";
import { dispatchAfterWrites } from "./middleware/event-dispatch";
import { limitBodySize } from "./middleware/limits";
import { refuseWrongMethod } from "./middleware/methods";
import { requestIds } from "./middleware/request-id";
import { requestLog } from "./middleware/request-log";
import { splitVersion, tenant } from "./middleware/tenant";
import { protectedRoutes } from "./routes";
import { healthRouter } from "./routes/health";
import { mercadoLivrePublicRouter } from "./routes/hub/mercado-livre";
import { openFinanceWebhookRouter } from "./routes/openfinance";
import { pixWebhookRouter } from "./routes/pix";
import { signedUploadRouter } from "./routes/uploads";
import { signInRouter } from "./routes/user";

/** Route path of a request: the version segment removed; an unknown version matches nothing (404). */
function routePath(request: Request): string {
  const split = splitVersion(new URL(request.url).pathname);
  return split ? split.path : "/\u0000unknown-version";
}

export function createApp() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook, getPath: routePath });
  const routes = routeTable(app);
  app.onError(errorHandler(routes));
  app.notFound(handleNotFound);

  app.use("*", requestIds);
  app.use("*", completeErrorAnswers);
  app.use("*", requestLog);
  app.use("*", securityHeaders);
  app.use("*", corsForFrontends);
  registerOpenApi(app);
  registerReferencePage(app);
  app.route("/", healthRouter);

  app.use("*", tenant);
  app.use("*", refuseWrongMethod(routes));
  app.use("*", dispatchAfterWrites);
  app.use("*", limitBodySize);
  // The signed upload URL carries its own credential (HMAC signature), the Pix webhook its secret, and
  // Mercado Livre's notifications and OAuth return their seller/app and single-use state,
  // so they sit before requireAuth.
  const publicRoutes = app
    .route("/", signInRouter)
    .route("/", signedUploadRouter)
    .route("/", pixWebhookRouter)
    .route("/", openFinanceWebhookRouter)
    .route("/", mercadoLivrePublicRouter);

  app.use("*", requireAuth);
  return publicRoutes.route("/", protectedRoutes);
}

export const app = createApp();
export type AppType = typeof app;
