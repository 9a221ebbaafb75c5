import { createRoute } from "@hono/zod-openapi";
import { deleteModal } from "../../../domain/registries/carrier-modals";
import {
  CARRIER_MODAL_IN_HUB_MAPPING,
  CARRIER_MODAL_NOT_FOUND,
  CARRIER_MODAL_USED_BY_CARRIER,
} from "../../../domain/registries/messages";
import type { AppRouteHandler } from "../../../http/router";
import { errors, listBody, modalParams, refreshedList } from "./schemas";

export const deleteCarrierModalRoute = createRoute({
  method: "delete",
  path: "/carrier/modal/{idcarriermodal}",
  operationId: "deleteCarrierModal",
  tags: ["Carrier"],
  summary: "Exclui uma modalidade de transporte",
  description: `Exclusão física, recusada enquanto uma transportadora (fornecedor ativo com IsCarrier 1) ou o de/para de transportadoras do hub usa a modalidade. ${errors(CARRIER_MODAL_NOT_FOUND, CARRIER_MODAL_USED_BY_CARRIER, CARRIER_MODAL_IN_HUB_MAPPING)}`,
  request: { params: modalParams },
  responses: refreshedList,
});

export const deleteCarrierModal: AppRouteHandler<typeof deleteCarrierModalRoute> = async (c) => {
  const { idcarriermodal } = c.req.valid("param");
  return c.json(listBody(await deleteModal(c.get("db"), c.get("caller").companyId, idcarriermodal)), 200);
};
