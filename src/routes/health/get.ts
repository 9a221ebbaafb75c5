import { createRoute, z } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../http/router";
import { ErrorBodySchema } from "../../http/schemas";

const HealthSchema = z.object({ Status: z.literal("ok") }).openapi("Health");

export const healthRoute = createRoute({
  method: "get",
  path: "/health",
  operationId: "health",
  tags: ["Health"],
  summary: "Verificação de vida do serviço",
  description:
    'Responde `{ "Status": "ok" }` sem token, sem conta e sem banco de dados: para balanceadores e monitores, e piso de latência da pilha de middlewares.',
  security: [],
  responses: {
    200: { description: "O serviço responde", content: { "application/json": { schema: HealthSchema } } },
    400: {
      description: "Nunca: a rota não lê entrada",
      content: { "application/json": { schema: ErrorBodySchema } },
    },
    500: { description: "Falha interna", content: { "application/json": { schema: ErrorBodySchema } } },
  },
});

export const health: AppRouteHandler<typeof healthRoute> = (c) => c.json({ Status: "ok" as const }, 200);
