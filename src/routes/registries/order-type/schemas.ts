import { z } from "@hono/zod-openapi";
import {
  CFOP_IN_STATE_INVALID,
  CFOP_OUT_OF_STATE_INVALID,
  COMPANY_INVOICE_NOT_FOUND,
  ORDER_TYPE_NOT_FOUND,
} from "../../../domain/registries/messages";
import type { OrderType } from "../../../domain/registries/order-types";
import {
  changeOrderType,
  createOrderType,
  deleteOrderType,
  findOrderTypeAsList,
  listOrderTypes,
} from "../../../domain/registries/order-types";
import type { Db } from "../../../env";
import {
  enumIntQuery,
  flagBody,
  idBody,
  idField,
  idPath,
  pageQuery,
  requiredText,
  statusField,
} from "../../../http/schemas";
import type { CrudSpec } from "../crud-configs";
import { digitCodeBody, nfeTextBody } from "../fields";

export const OrderTypeSchema = z
  .object({
    IDTypeOrder: idField("Id do tipo de pedido"),
    Description: z.string().openapi({ example: "Venda balcão" }),
    IsTransfer: z
      .number()
      .int()
      .openapi({ description: "1 quando é transferência entre empresas", example: 0 }),
    EnabledPOS: z
      .number()
      .int()
      .openapi({ description: "1 quando habilitado na frente de caixa", example: 1 }),
    Companies: z.array(z.number().int()).openapi({
      description: "IDCompanyInvoice dos faturadores para os quais está habilitado",
      example: [1],
    }),
    CFOPInState: z
      .string()
      .nullable()
      .openapi({ description: "CFOP da NF-e numa operação dentro da UF do emitente", example: "5102" }),
    CFOPOutOfState: z
      .string()
      .nullable()
      .openapi({ description: "CFOP da NF-e numa operação com destinatário de outra UF", example: "6102" }),
    NatOp: z
      .string()
      .nullable()
      .openapi({ description: "Natureza da operação da NF-e (natOp)", example: "Venda de mercadoria" }),
    Status: statusField,
  })
  .openapi("OrderType");

export const OrderTypeCreateSchema = z
  .object({
    Description: requiredText("Description", 150).openapi({ example: "Venda balcão" }),
    IsTransfer: flagBody("IsTransfer").optional().openapi({ default: 0 }),
    EnabledPOS: flagBody("EnabledPOS").optional().openapi({ default: 0 }),
    Companies: z
      .array(idBody("Companies"), { error: "Companies deve ser uma lista de IDCompanyInvoice" })
      .max(50, "Companies aceita no máximo 50 faturadores")
      .optional()
      .openapi({ description: "IDCompanyInvoice dos faturadores habilitados (substitui a lista inteira)" }),
    CFOPInState: digitCodeBody(/^5\d{3}$/, CFOP_IN_STATE_INVALID).openapi({
      type: ["string", "null"],
      maxLength: 5,
      example: "5102",
      description: `CFOP da NF-e numa operação dentro da UF do emitente: 4 dígitos começando com 5 (\`5.102\` aceito, guardado só com dígitos); vazio ou null apaga; a emissão da NF-e o exigirá. 400 \`${CFOP_IN_STATE_INVALID}\`.`,
    }),
    CFOPOutOfState: digitCodeBody(/^6\d{3}$/, CFOP_OUT_OF_STATE_INVALID).openapi({
      type: ["string", "null"],
      maxLength: 5,
      example: "6102",
      description: `CFOP da NF-e numa operação com destinatário de outra UF: 4 dígitos começando com 6 (\`6.102\` aceito); vazio ou null apaga; a emissão da NF-e o exigirá. 400 \`${CFOP_OUT_OF_STATE_INVALID}\`.`,
    }),
    NatOp: nfeTextBody("NatOp", 60, {
      description:
        "Natureza da operação da NF-e (natOp), ex.: Venda de mercadoria; a emissão da NF-e a exigirá.",
    }),
  })
  .openapi("OrderTypeCreate");

export const OrderTypeUpdateSchema = OrderTypeCreateSchema.partial().openapi("OrderTypeUpdate");

export const orderTypeCrud = {
  params: z.object({ idtypeorder: idPath("idtypeorder") }),
  listQuery: z.object({
    Page: pageQuery,
    IsTransfer: enumIntQuery("IsTransfer", [0, 1], "1 só tipos de transferência, 0 só os demais"),
  }),
  item: OrderTypeSchema,
  createBody: OrderTypeCreateSchema,
  updateBody: OrderTypeUpdateSchema,
  tag: "Type",
  noun: { one: "tipo de pedido", many: "tipos de pedido" },
  notFound: ORDER_TYPE_NOT_FOUND,
  operationIds: {
    list: "listOrderTypes",
    get: "getOrderType",
    create: "createOrderType",
    update: "updateOrderType",
    remove: "deleteOrderType",
  },
  notes: {
    create: `Cada item de Companies deve ser um faturador ativo da empresa: 400 \`${COMPANY_INVOICE_NOT_FOUND}\`.`,
    update: `Companies, quando enviado, substitui a lista. 400 \`${COMPANY_INVOICE_NOT_FOUND}\`.`,
  },
} satisfies CrudSpec;

export const orderTypeBody = (row: OrderType) => ({
  IDTypeOrder: row.id,
  Description: row.description,
  IsTransfer: row.isTransfer,
  EnabledPOS: row.enabledPos,
  Companies: row.invoiceIds,
  CFOPInState: row.cfopInState,
  CFOPOutOfState: row.cfopOutOfState,
  NatOp: row.natOp,
  Status: row.status,
});

/** The body under its domain names; `undefined` stays "not sent". */
export const orderTypeInput = (body: z.infer<typeof orderTypeCrud.updateBody>) => ({
  description: body.Description,
  isTransfer: body.IsTransfer,
  enabledPos: body.EnabledPOS,
  invoiceIds: body.Companies,
  cfopInState: body.CFOPInState,
  cfopOutOfState: body.CFOPOutOfState,
  natOp: body.NatOp,
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const orderTypeRows = {
  list: (db: Db, companyId: number, query: { Page: number; IsTransfer?: number }) =>
    listOrderTypes(db, companyId, { page: query.Page, isTransfer: query.IsTransfer }),
  findAsList: findOrderTypeAsList,
  create: (db: Db, companyId: number, body: z.infer<typeof OrderTypeCreateSchema>) =>
    createOrderType(db, companyId, { ...orderTypeInput(body), description: body.Description }),
  change: (db: Db, companyId: number, id: number, body: z.infer<typeof OrderTypeUpdateSchema>) =>
    changeOrderType(db, companyId, id, orderTypeInput(body)),
  remove: deleteOrderType,
  toBody: orderTypeBody,
};
