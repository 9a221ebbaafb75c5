import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig, listRows } from "../crud-configs";
import { consumerCrud, consumerRows } from "./schemas";

export const listConsumersRoute = createRoute({
  path: "/consumer",
  ...listConfig(consumerCrud),
});

export const listConsumers: AppRouteHandler<typeof listConsumersRoute> = async (c) =>
  c.json(await listRows(c, consumerRows, c.req.valid("query")), 200);
