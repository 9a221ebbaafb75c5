import { createRoute, z } from "@hono/zod-openapi";
import { listWebhooks as listWebhookRows } from "../../domain/events/webhooks";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk, pageQuery } from "../../http/schemas";
import { WEBHOOK_TAG, WebhookSchema, webhookBody } from "./schemas";

export const listWebhooksRoute = createRoute({
  method: "get",
  path: "/webhook",
  operationId: "listWebhooks",
  tags: [WEBHOOK_TAG],
  summary: "Lista os webhooks da empresa",
  description:
    "Endpoints que recebem os eventos, mais novos primeiro, 5000 por página. O segredo não aparece (só `SecretHint`).",
  request: { query: z.object({ Page: pageQuery }) },
  responses: jsonOk(z.array(WebhookSchema), "Webhooks"),
});

export const listWebhooks: AppRouteHandler<typeof listWebhooksRoute> = async (c) => {
  const { Page } = c.req.valid("query");
  const view = await listWebhookRows(c.get("db"), c.get("caller").companyId, Page);
  return c.json(
    view.rows.map((row) => webhookBody(row, view.timeZone)),
    200,
  );
};
