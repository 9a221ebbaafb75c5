import { z } from "@hono/zod-openapi";
import type { CarrierHubMappingRow } from "../../db/registries/carrier-hub-mappings";
import {
  changeHubMapping,
  createHubMapping,
  deleteHubMapping,
  findHubMappingAsList,
  listHubMappings,
} from "../../domain/registries/carrier-hub-mappings";
import {
  CARRIER_MODAL_NOT_FOUND,
  HUB_MAPPING_NOT_FOUND,
  SUPPLIER_NOT_CARRIER,
  SUPPLIER_NOT_FOUND,
} from "../../domain/registries/messages";
import { createRouter } from "../../http/router";
import { idPath, pageQuery } from "../../http/schemas";
import { crudRoutes } from "./crud-routes";
import { idField, nullableIdBody, requiredText, statusField } from "./fields";

const CarrierHubMappingSchema = z
  .object({
    IDCarrierHubMapping: idField("Id do de/para"),
    HubCarrierName: z
      .string()
      .openapi({ description: "Nome da transportadora no hub", example: "MERCADO ENVIOS" }),
    IDSupplier: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Transportadora (fornecedor)", example: 1 }),
    IDCarrierModal: z.number().int().nullable().openapi({ description: "Modalidade", example: 1 }),
    Status: statusField,
  })
  .openapi("CarrierHubMapping");

const CarrierHubMappingCreateSchema = z
  .object({
    HubCarrierName: requiredText("HubCarrierName", 150).openapi({ example: "MERCADO ENVIOS" }),
    IDSupplier: nullableIdBody("IDSupplier", "Fornecedor ativo da empresa com IsCarrier 1"),
    IDCarrierModal: nullableIdBody("IDCarrierModal", "Modalidade da empresa"),
  })
  .openapi("CarrierHubMappingCreate");

const CarrierHubMappingUpdateSchema =
  CarrierHubMappingCreateSchema.partial().openapi("CarrierHubMappingUpdate");

const references = `400 \`${SUPPLIER_NOT_FOUND}\`, \`${SUPPLIER_NOT_CARRIER}\`, \`${CARRIER_MODAL_NOT_FOUND}\`.`;

const routes = crudRoutes({
  path: "/carrier/hub-mapping",
  itemPath: "/carrier/hub-mapping/{idcarrierhubmapping}",
  params: z.object({ idcarrierhubmapping: idPath("idcarrierhubmapping") }),
  listQuery: z.object({ Page: pageQuery }),
  item: CarrierHubMappingSchema,
  createBody: CarrierHubMappingCreateSchema,
  updateBody: CarrierHubMappingUpdateSchema,
  tag: "Carrier",
  noun: { one: "de/para de transportadora do hub", many: "de/para de transportadoras do hub" },
  notFound: HUB_MAPPING_NOT_FOUND,
  operationIds: {
    list: "listCarrierHubMappings",
    get: "getCarrierHubMapping",
    create: "createCarrierHubMapping",
    update: "updateCarrierHubMapping",
    remove: "deleteCarrierHubMapping",
  },
  notes: {
    list: "Liga o nome de uma transportadora no hub a uma transportadora e uma modalidade da empresa.",
    create: references,
    update: references,
  },
});

const mappingBody = (row: CarrierHubMappingRow) => ({
  IDCarrierHubMapping: row.id,
  HubCarrierName: row.hubCarrierName,
  IDSupplier: row.supplierId,
  IDCarrierModal: row.carrierModalId,
  Status: row.status,
});

export const carrierHubMappingRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { Page } = c.req.valid("query");
    const rows = await listHubMappings(c.get("db"), c.get("caller").companyId, { page: Page });
    return c.json(rows.map(mappingBody), 200);
  })
  .openapi(routes.get, async (c) => {
    const { idcarrierhubmapping } = c.req.valid("param");
    const rows = await findHubMappingAsList(c.get("db"), c.get("caller").companyId, idcarrierhubmapping);
    return c.json(rows.map(mappingBody), 200);
  })
  .openapi(routes.create, async (c) => {
    const body = c.req.valid("json");
    const row = await createHubMapping(c.get("db"), c.get("caller").companyId, {
      hubCarrierName: body.HubCarrierName,
      supplierId: body.IDSupplier,
      carrierModalId: body.IDCarrierModal,
    });
    return c.json([mappingBody(row)], 200);
  })
  .openapi(routes.update, async (c) => {
    const { idcarrierhubmapping } = c.req.valid("param");
    const body = c.req.valid("json");
    const row = await changeHubMapping(c.get("db"), c.get("caller").companyId, idcarrierhubmapping, {
      hubCarrierName: body.HubCarrierName,
      supplierId: body.IDSupplier,
      carrierModalId: body.IDCarrierModal,
    });
    return c.json([mappingBody(row)], 200);
  })
  .openapi(routes.remove, async (c) => {
    const { idcarrierhubmapping } = c.req.valid("param");
    await deleteHubMapping(c.get("db"), c.get("caller").companyId, idcarrierhubmapping);
    return c.json("sucesso" as const, 200);
  });
