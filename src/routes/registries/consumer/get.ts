import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig, getRows } from "../crud-configs";
import { consumerCrud, consumerRows } from "./schemas";

export const getConsumerRoute = createRoute({
  path: "/consumer/{idconsumer}",
  ...getConfig(consumerCrud),
});

export const getConsumer: AppRouteHandler<typeof getConsumerRoute> = async (c) =>
  c.json(await getRows(c, consumerRows, c.req.valid("param").idconsumer), 200);
