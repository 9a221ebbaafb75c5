import { createRoute, z } from "@hono/zod-openapi";
import { listModals } from "../../../domain/registries/carrier-modals";
import type { AppRouteHandler } from "../../../http/router";
import { idQuery, jsonOk } from "../../../http/schemas";
import { CarrierModalListSchema, listBody } from "./schemas";

export const listCarrierModalsRoute = createRoute({
  method: "get",
  path: "/carrier/modal",
  operationId: "listCarrierModals",
  tags: ["Carrier"],
  summary: "Lista as modalidades de transporte",
  description:
    "Ordenadas por nome. `IDCarrierModal` restringe a uma modalidade (array vazio se não existir).",
  request: { query: z.object({ IDCarrierModal: idQuery("IDCarrierModal", "Uma modalidade") }) },
  responses: jsonOk(CarrierModalListSchema, "Modalidades ordenadas por nome"),
});

export const listCarrierModals: AppRouteHandler<typeof listCarrierModalsRoute> = async (c) => {
  const { IDCarrierModal } = c.req.valid("query");
  return c.json(listBody(await listModals(c.get("db"), c.get("caller").companyId, IDCarrierModal)), 200);
};
