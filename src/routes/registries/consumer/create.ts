import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig, createRow } from "../crud-configs";
import { consumerCrud, consumerRows } from "./schemas";

export const createConsumerRoute = createRoute({
  path: "/consumer",
  ...createConfig(consumerCrud),
});

export const createConsumer: AppRouteHandler<typeof createConsumerRoute> = async (c) =>
  c.json(await createRow(c, consumerRows, c.req.valid("json")), 200);
