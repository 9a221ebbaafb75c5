import { createRoute, z } from "@hono/zod-openapi";
import type { CarrierModalRow } from "../../db/registries/carrier-modals";
import { createModal, deleteModal, listModals, renameModal } from "../../domain/registries/carrier-modals";
import {
  CARRIER_MODAL_DUPLICATE,
  CARRIER_MODAL_IN_HUB_MAPPING,
  CARRIER_MODAL_NOT_FOUND,
  CARRIER_MODAL_USED_BY_CARRIER,
  COMPANY_NOT_FOUND,
} from "../../domain/registries/messages";
import { createRouter } from "../../http/router";
import { idPath, idQuery, jsonOk } from "../../http/schemas";
import { idField, requiredText } from "./fields";

const CarrierModalSchema = z
  .object({
    IDCarrierModal: idField("Id da modalidade"),
    CarrierModal: z.string().openapi({ description: "Nome da modalidade", example: "Rodoviário" }),
  })
  .openapi("CarrierModal");

const CarrierModalListSchema = z.array(CarrierModalSchema).openapi("CarrierModalList");

const CarrierModalBodySchema = z
  .object({
    CarrierModal: requiredText("CarrierModal", 100).openapi({
      description: "Nome, único na empresa sem diferenciar maiúsculas, acentos e espaços nas pontas",
      example: "Rodoviário",
    }),
  })
  .openapi("CarrierModalBody");

const params = z.object({ idcarriermodal: idPath("idcarriermodal") });
const refreshedList = jsonOk(CarrierModalListSchema, "A lista atualizada de modalidades, ordenada por nome");
const body = { required: true, content: { "application/json": { schema: CarrierModalBodySchema } } };
const errors = (...messages: string[]) => `400: ${messages.map((m) => `\`${m}\``).join(", ")}.`;

const listRoute = createRoute({
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

const createModalRoute = createRoute({
  method: "post",
  path: "/carrier/modal",
  operationId: "createCarrierModal",
  tags: ["Carrier"],
  summary: "Cria uma modalidade de transporte",
  description: errors(CARRIER_MODAL_DUPLICATE, COMPANY_NOT_FOUND),
  request: { body },
  responses: refreshedList,
});

const updateModalRoute = createRoute({
  method: "put",
  path: "/carrier/modal/{idcarriermodal}",
  operationId: "updateCarrierModal",
  tags: ["Carrier"],
  summary: "Renomeia uma modalidade de transporte",
  description: errors(CARRIER_MODAL_NOT_FOUND, CARRIER_MODAL_DUPLICATE),
  request: { params, body },
  responses: refreshedList,
});

const deleteModalRoute = createRoute({
  method: "delete",
  path: "/carrier/modal/{idcarriermodal}",
  operationId: "deleteCarrierModal",
  tags: ["Carrier"],
  summary: "Exclui uma modalidade de transporte",
  description: `Exclusão física, recusada enquanto uma transportadora (fornecedor ativo com IsCarrier 1) ou o de/para de transportadoras do hub usa a modalidade. ${errors(CARRIER_MODAL_NOT_FOUND, CARRIER_MODAL_USED_BY_CARRIER, CARRIER_MODAL_IN_HUB_MAPPING)}`,
  request: { params },
  responses: refreshedList,
});

const listBody = (rows: CarrierModalRow[]) =>
  rows.map((row) => ({ IDCarrierModal: row.id, CarrierModal: row.name }));

export const carrierModalRouter = createRouter()
  .openapi(listRoute, async (c) => {
    const { IDCarrierModal } = c.req.valid("query");
    return c.json(listBody(await listModals(c.get("db"), c.get("caller").companyId, IDCarrierModal)), 200);
  })
  .openapi(createModalRoute, async (c) => {
    const { CarrierModal } = c.req.valid("json");
    return c.json(listBody(await createModal(c.get("db"), c.get("caller").companyId, CarrierModal)), 200);
  })
  .openapi(updateModalRoute, async (c) => {
    const { idcarriermodal } = c.req.valid("param");
    const { CarrierModal } = c.req.valid("json");
    const rows = await renameModal(c.get("db"), c.get("caller").companyId, idcarriermodal, CarrierModal);
    return c.json(listBody(rows), 200);
  })
  .openapi(deleteModalRoute, async (c) => {
    const { idcarriermodal } = c.req.valid("param");
    return c.json(listBody(await deleteModal(c.get("db"), c.get("caller").companyId, idcarriermodal)), 200);
  });
