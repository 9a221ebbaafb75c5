import { createRoute } from "@hono/zod-openapi";
import { renameModal } from "../../../domain/registries/carrier-modals";
import { CARRIER_MODAL_DUPLICATE, CARRIER_MODAL_NOT_FOUND } from "../../../domain/registries/messages";
import type { AppRouteHandler } from "../../../http/router";
import { jsonBody } from "../../../http/schemas";
import { CarrierModalBodySchema, errors, listBody, modalParams, refreshedList } from "./schemas";

export const updateCarrierModalRoute = createRoute({
  method: "put",
  path: "/carrier/modal/{idcarriermodal}",
  operationId: "updateCarrierModal",
  tags: ["Carrier"],
  summary: "Renomeia uma modalidade de transporte",
  description: errors(CARRIER_MODAL_NOT_FOUND, CARRIER_MODAL_DUPLICATE),
  request: { params: modalParams, body: jsonBody(CarrierModalBodySchema) },
  responses: refreshedList,
});

export const updateCarrierModal: AppRouteHandler<typeof updateCarrierModalRoute> = async (c) => {
  const { idcarriermodal } = c.req.valid("param");
  const { CarrierModal } = c.req.valid("json");
  const rows = await renameModal(c.get("db"), c.get("caller").companyId, idcarriermodal, CarrierModal);
  return c.json(listBody(rows), 200);
};
