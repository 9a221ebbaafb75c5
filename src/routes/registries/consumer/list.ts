import { createRoute } from "@hono/zod-openapi";
import { consumerRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig } from "../crud-configs";
import { consumerBody, consumerCrud } from "./schemas";

export const listConsumersRoute = createRoute({
  path: "/consumer",
  ...listConfig(consumerCrud),
});

export const listConsumers: AppRouteHandler<typeof listConsumersRoute> = async (c) => {
  const { Page } = c.req.valid("query");
  const rows = await consumerRegistry.list(c.get("db"), c.get("caller").companyId, { page: Page });
  return c.json(rows.map(consumerBody), 200);
};
