import { createRoute } from "@hono/zod-openapi";
import { consumerRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { updateConfig } from "../crud-configs";
import { consumerBody, consumerCrud } from "./schemas";

export const updateConsumerRoute = createRoute({
  path: "/consumer/{idconsumer}",
  ...updateConfig(consumerCrud),
});

export const updateConsumer: AppRouteHandler<typeof updateConsumerRoute> = async (c) => {
  const { idconsumer } = c.req.valid("param");
  const body = c.req.valid("json");
  const row = await consumerRegistry.change(c.get("db"), c.get("caller").companyId, idconsumer, {
    name: body.Name,
    document: body.Document,
  });
  return c.json([consumerBody(row)], 200);
};
