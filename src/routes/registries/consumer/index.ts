import { createRouter } from "../../../http/router";
import { createConsumer, createConsumerRoute } from "./create";
import { deleteConsumer, deleteConsumerRoute } from "./delete";
import { getConsumer, getConsumerRoute } from "./get";
import { listConsumers, listConsumersRoute } from "./list";
import { updateConsumer, updateConsumerRoute } from "./update";

export const consumerRouter = createRouter()
  .openapi(listConsumersRoute, listConsumers)
  .openapi(getConsumerRoute, getConsumer)
  .openapi(createConsumerRoute, createConsumer)
  .openapi(updateConsumerRoute, updateConsumer)
  .openapi(deleteConsumerRoute, deleteConsumer);
