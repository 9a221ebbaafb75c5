import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";

export const API_VERSION_LABEL = "2026-05-29";

/** Serves the OpenAPI 3.1 document generated from the routes' zod schemas. */
export function registerOpenApi(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "JWT", {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "`JWT <token>` (também aceito `Bearer <token>`), token obtido em `POST /user/signin/local`.",
  });
  app.doc31("/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "Finance back-office API",
      version: API_VERSION_LABEL,
      description:
        "Contas bancárias, extrato interno, transferências, importação OFX e conciliação bancária, multiempresa. " +
        "A conta é o primeiro rótulo do host e a versão o primeiro segmento do caminho.",
    },
    servers: [
      {
        url: "{scheme}://{account}.{domain}/{version}",
        description: "Servidor da conta",
        variables: {
          scheme: { default: new URL(c.req.url).protocol.replace(":", ""), enum: ["http", "https"] },
          account: { default: "demo", description: "Nome da conta (subdomínio)" },
          domain: { default: new URL(c.req.url).host.split(".").slice(1).join(".") || "localhost:8787" },
          version: { default: "1.0", enum: ["1.0", "1.1", "1.4"] },
        },
      },
    ],
    security: [{ JWT: [] }],
  }));
}
