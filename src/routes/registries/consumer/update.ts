import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { changeRow, updateConfig } from "../crud-configs";
import { consumerCrud, consumerRows } from "./schemas";

export const updateConsumerRoute = createRoute({
  path: "/consumer/{idconsumer}",
  ...updateConfig(consumerCrud),
});

export const updateConsumer: AppRouteHandler<typeof updateConsumerRoute> = async (c) =>
  c.json(await changeRow(c, consumerRows, c.req.valid("param").idconsumer, c.req.valid("json")), 200);
