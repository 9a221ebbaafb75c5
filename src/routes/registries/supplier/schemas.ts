import { z } from "@hono/zod-openapi";
import type { SupplierRow } from "../../../db/registries/suppliers";
import { CARRIER_MODAL_NOT_FOUND, SUPPLIER_NOT_FOUND } from "../../../domain/registries/messages";
import {
  changeSupplier,
  createSupplier,
  deleteSupplier,
  findSupplierAsList,
  listSuppliers,
} from "../../../domain/registries/suppliers";
import type { Db } from "../../../env";
import {
  cpfOrCnpjBody,
  enumIntQuery,
  flagBody,
  idField,
  idPath,
  pageQuery,
  requiredText,
  statusField,
} from "../../../http/schemas";
import type { CrudSpec } from "../crud-configs";
import { documentField, nullableIdBody } from "../fields";

export const SupplierSchema = z
  .object({
    IDSupplier: idField("Id do fornecedor"),
    Name: z.string().openapi({ example: "Transportes Rápido Ltda" }),
    Document: documentField,
    IsCarrier: z
      .number()
      .int()
      .openapi({ description: "1 quando o fornecedor é transportadora", example: 1 }),
    IDCarrierModal: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Modalidade da transportadora; nula quando IsCarrier 0", example: 1 }),
    Status: statusField,
  })
  .openapi("Supplier");

export const SupplierCreateSchema = z
  .object({
    Name: requiredText("Name", 150).openapi({ example: "Transportes Rápido Ltda" }),
    Document: cpfOrCnpjBody.optional(),
    IsCarrier: flagBody("IsCarrier").optional().openapi({ default: 0 }),
    IDCarrierModal: nullableIdBody(
      "IDCarrierModal",
      "Modalidade da empresa; só vale com IsCarrier 1 (descartada com IsCarrier 0)",
    ),
  })
  .openapi("SupplierCreate");

export const SupplierUpdateSchema = SupplierCreateSchema.partial().openapi("SupplierUpdate");

export const supplierCrud = {
  params: z.object({ idsupplier: idPath("idsupplier") }),
  listQuery: z.object({
    Page: pageQuery,
    IsCarrier: enumIntQuery("IsCarrier", [0, 1], "1 só transportadoras, 0 só quem não é transportadora"),
  }),
  item: SupplierSchema,
  createBody: SupplierCreateSchema,
  updateBody: SupplierUpdateSchema,
  tag: "Supplier",
  noun: { one: "fornecedor", many: "fornecedores" },
  notFound: SUPPLIER_NOT_FOUND,
  operationIds: {
    list: "listSuppliers",
    get: "getSupplier",
    create: "createSupplier",
    update: "updateSupplier",
    remove: "deleteSupplier",
  },
  notes: {
    create: `IDCarrierModal é validado contra as modalidades da empresa: 400 \`${CARRIER_MODAL_NOT_FOUND}\`.`,
    update: `IsCarrier 0 limpa IDCarrierModal. 400 \`${CARRIER_MODAL_NOT_FOUND}\`.`,
  },
} satisfies CrudSpec;

export const supplierBody = (row: SupplierRow) => ({
  IDSupplier: row.id,
  Name: row.name,
  Document: row.document,
  IsCarrier: row.isCarrier,
  IDCarrierModal: row.carrierModalId,
  Status: row.status,
});

/** The body under its domain names; `undefined` stays "not sent". */
export const supplierInput = (body: z.infer<typeof supplierCrud.updateBody>) => ({
  name: body.Name,
  document: body.Document,
  isCarrier: body.IsCarrier,
  carrierModalId: body.IDCarrierModal,
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const supplierRows = {
  list: (db: Db, companyId: number, query: { Page: number; IsCarrier?: number }) =>
    listSuppliers(db, companyId, { page: query.Page, isCarrier: query.IsCarrier }),
  findAsList: findSupplierAsList,
  create: (db: Db, companyId: number, body: z.infer<typeof SupplierCreateSchema>) =>
    createSupplier(db, companyId, { ...supplierInput(body), name: body.Name }),
  change: (db: Db, companyId: number, id: number, body: z.infer<typeof SupplierUpdateSchema>) =>
    changeSupplier(db, companyId, id, supplierInput(body)),
  remove: deleteSupplier,
  toBody: supplierBody,
};
