import { createRoute } from "@hono/zod-openapi";
import { consumerRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig } from "../crud-configs";
import { consumerBody, consumerCrud } from "./schemas";

export const getConsumerRoute = createRoute({
  path: "/consumer/{idconsumer}",
  ...getConfig(consumerCrud),
});

export const getConsumer: AppRouteHandler<typeof getConsumerRoute> = async (c) => {
  const { idconsumer } = c.req.valid("param");
  const rows = await consumerRegistry.findAsList(c.get("db"), c.get("caller").companyId, idconsumer);
  return c.json(rows.map(consumerBody), 200);
};
