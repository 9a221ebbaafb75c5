import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig, removeRow } from "../crud-configs";
import { consumerCrud, consumerRows } from "./schemas";

export const deleteConsumerRoute = createRoute({
  path: "/consumer/{idconsumer}",
  ...deleteConfig(consumerCrud),
});

export const deleteConsumer: AppRouteHandler<typeof deleteConsumerRoute> = async (c) =>
  c.json(await removeRow(c, consumerRows, c.req.valid("param").idconsumer), 200);
