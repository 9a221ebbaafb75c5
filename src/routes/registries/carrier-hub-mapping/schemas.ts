import { z } from "@hono/zod-openapi";
import type { CarrierHubMappingRow } from "../../../db/registries/carrier-hub-mappings";
import {
  changeHubMapping,
  createHubMapping,
  deleteHubMapping,
  findHubMappingAsList,
  listHubMappings,
} from "../../../domain/registries/carrier-hub-mappings";
import {
  CARRIER_MODAL_NOT_FOUND,
  HUB_MAPPING_NOT_FOUND,
  SUPPLIER_NOT_CARRIER,
  SUPPLIER_NOT_FOUND,
} from "../../../domain/registries/messages";
import type { Db } from "../../../env";
import { idField, idPath, pageQuery, requiredText, statusField } from "../../../http/schemas";
import type { CrudSpec } from "../crud-configs";
import { nullableIdBody } from "../fields";

export const CarrierHubMappingSchema = z
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

export const CarrierHubMappingCreateSchema = z
  .object({
    HubCarrierName: requiredText("HubCarrierName", 150).openapi({ example: "MERCADO ENVIOS" }),
    IDSupplier: nullableIdBody("IDSupplier", "Fornecedor ativo da empresa com IsCarrier 1"),
    IDCarrierModal: nullableIdBody("IDCarrierModal", "Modalidade da empresa"),
  })
  .openapi("CarrierHubMappingCreate");

export const CarrierHubMappingUpdateSchema =
  CarrierHubMappingCreateSchema.partial().openapi("CarrierHubMappingUpdate");

export const references = `400 \`${SUPPLIER_NOT_FOUND}\`, \`${SUPPLIER_NOT_CARRIER}\`, \`${CARRIER_MODAL_NOT_FOUND}\`.`;

export const carrierHubMappingCrud = {
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
} satisfies CrudSpec;

export const mappingBody = (row: CarrierHubMappingRow) => ({
  IDCarrierHubMapping: row.id,
  HubCarrierName: row.hubCarrierName,
  IDSupplier: row.supplierId,
  IDCarrierModal: row.carrierModalId,
  Status: row.status,
});

/** The body under its domain names; `undefined` stays "not sent". */
export const mappingInput = (body: z.infer<typeof carrierHubMappingCrud.updateBody>) => ({
  hubCarrierName: body.HubCarrierName,
  supplierId: body.IDSupplier,
  carrierModalId: body.IDCarrierModal,
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const carrierHubMappingRows = {
  list: (db: Db, companyId: number, query: { Page: number }) =>
    listHubMappings(db, companyId, { page: query.Page }),
  findAsList: findHubMappingAsList,
  create: (db: Db, companyId: number, body: z.infer<typeof CarrierHubMappingCreateSchema>) =>
    createHubMapping(db, companyId, { ...mappingInput(body), hubCarrierName: body.HubCarrierName }),
  change: (db: Db, companyId: number, id: number, body: z.infer<typeof CarrierHubMappingUpdateSchema>) =>
    changeHubMapping(db, companyId, id, mappingInput(body)),
  remove: deleteHubMapping,
  toBody: mappingBody,
};
