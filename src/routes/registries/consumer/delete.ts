import { createRoute } from "@hono/zod-openapi";
import { consumerRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig } from "../crud-configs";
import { consumerCrud } from "./schemas";

export const deleteConsumerRoute = createRoute({
  path: "/consumer/{idconsumer}",
  ...deleteConfig(consumerCrud),
});

export const deleteConsumer: AppRouteHandler<typeof deleteConsumerRoute> = async (c) => {
  const { idconsumer } = c.req.valid("param");
  await consumerRegistry.remove(c.get("db"), c.get("caller").companyId, idconsumer);
  return c.json("sucesso" as const, 200);
};
