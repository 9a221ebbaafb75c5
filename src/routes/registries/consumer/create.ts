import { createRoute } from "@hono/zod-openapi";
import { consumerRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig } from "../crud-configs";
import { consumerBody, consumerCrud } from "./schemas";

export const createConsumerRoute = createRoute({
  path: "/consumer",
  ...createConfig(consumerCrud),
});

export const createConsumer: AppRouteHandler<typeof createConsumerRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await consumerRegistry.create(c.get("db"), c.get("caller").companyId, {
    name: body.Name,
    document: body.Document ?? null,
  });
  return c.json([consumerBody(row)], 200);
};
