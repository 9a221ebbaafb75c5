import { createRoute } from "@hono/zod-openapi";
import { createModal } from "../../../domain/registries/carrier-modals";
import { CARRIER_MODAL_DUPLICATE, COMPANY_NOT_FOUND } from "../../../domain/registries/messages";
import type { AppRouteHandler } from "../../../http/router";
import { jsonBody } from "../../../http/schemas";
import { CarrierModalBodySchema, errors, listBody, refreshedList } from "./schemas";

export const createCarrierModalRoute = createRoute({
  method: "post",
  path: "/carrier/modal",
  operationId: "createCarrierModal",
  tags: ["Carrier"],
  summary: "Cria uma modalidade de transporte",
  description: errors(CARRIER_MODAL_DUPLICATE, COMPANY_NOT_FOUND),
  request: { body: jsonBody(CarrierModalBodySchema) },
  responses: refreshedList,
});

export const createCarrierModal: AppRouteHandler<typeof createCarrierModalRoute> = async (c) => {
  const { CarrierModal } = c.req.valid("json");
  return c.json(listBody(await createModal(c.get("db"), c.get("caller").companyId, CarrierModal)), 200);
};
