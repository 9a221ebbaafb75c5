import type { OpenAPIHono } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import type { AppEnv } from "../env";

/** Interactive API reference at /docs, rendered by Scalar from /openapi.json; its script is a local asset. */
export function registerReferencePage(app: OpenAPIHono<AppEnv>): void {
  app.get(
    "/docs",
    Scalar({
      url: "/openapi.json",
      cdn: "/docs/scalar.js",
      pageTitle: "Finance and commerce back-office API",
      withDefaultFonts: false,
      hideClientButton: true,
      telemetry: false,
      // no developer toolbar, no AI agent (it calls Scalar's servers): the page talks only to this API
      showDeveloperTools: "never",
      agent: { disabled: true },
      persistAuth: true,
      orderSchemaPropertiesBy: "preserve",
      defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
      authentication: { preferredSecurityScheme: "JWT" },
    }),
  );
}
