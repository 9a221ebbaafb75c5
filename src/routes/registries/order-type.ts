import { z } from "@hono/zod-openapi";
import { COMPANY_INVOICE_NOT_FOUND, ORDER_TYPE_NOT_FOUND } from "../../domain/registries/messages";
import {
  changeOrderType,
  createOrderType,
  deleteOrderType,
  findOrderTypeAsList,
  listOrderTypes,
  type OrderType,
} from "../../domain/registries/order-types";
import { createRouter } from "../../http/router";
import { enumIntQuery, flagBody, idBody, idPath, pageQuery } from "../../http/schemas";
import { crudRoutes } from "./crud-routes";
import { idField, requiredText, statusField } from "./fields";

const OrderTypeSchema = z
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
    Status: statusField,
  })
  .openapi("OrderType");

const OrderTypeCreateSchema = z
  .object({
    Description: requiredText("Description", 150).openapi({ example: "Venda balcão" }),
    IsTransfer: flagBody("IsTransfer").optional().openapi({ default: 0 }),
    EnabledPOS: flagBody("EnabledPOS").optional().openapi({ default: 0 }),
    Companies: z
      .array(idBody("Companies"), { error: "Companies deve ser uma lista de IDCompanyInvoice" })
      .max(50, "Companies aceita no máximo 50 faturadores")
      .optional()
      .openapi({ description: "IDCompanyInvoice dos faturadores habilitados (substitui a lista inteira)" }),
  })
  .openapi("OrderTypeCreate");

const OrderTypeUpdateSchema = OrderTypeCreateSchema.partial().openapi("OrderTypeUpdate");

const routes = crudRoutes({
  path: "/type/order/type",
  itemPath: "/type/order/type/{idtypeorder}",
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
});

const orderTypeBody = (row: OrderType) => ({
  IDTypeOrder: row.id,
  Description: row.description,
  IsTransfer: row.isTransfer,
  EnabledPOS: row.enabledPos,
  Companies: row.invoiceIds,
  Status: row.status,
});

export const orderTypeRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { Page, IsTransfer } = c.req.valid("query");
    const rows = await listOrderTypes(c.get("db"), c.get("caller").companyId, {
      page: Page,
      isTransfer: IsTransfer,
    });
    return c.json(rows.map(orderTypeBody), 200);
  })
  .openapi(routes.get, async (c) => {
    const { idtypeorder } = c.req.valid("param");
    const rows = await findOrderTypeAsList(c.get("db"), c.get("caller").companyId, idtypeorder);
    return c.json(rows.map(orderTypeBody), 200);
  })
  .openapi(routes.create, async (c) => {
    const body = c.req.valid("json");
    const row = await createOrderType(c.get("db"), c.get("caller").companyId, {
      description: body.Description,
      isTransfer: body.IsTransfer,
      enabledPos: body.EnabledPOS,
      invoiceIds: body.Companies,
    });
    return c.json([orderTypeBody(row)], 200);
  })
  .openapi(routes.update, async (c) => {
    const { idtypeorder } = c.req.valid("param");
    const body = c.req.valid("json");
    const row = await changeOrderType(c.get("db"), c.get("caller").companyId, idtypeorder, {
      description: body.Description,
      isTransfer: body.IsTransfer,
      enabledPos: body.EnabledPOS,
      invoiceIds: body.Companies,
    });
    return c.json([orderTypeBody(row)], 200);
  })
  .openapi(routes.remove, async (c) => {
    const { idtypeorder } = c.req.valid("param");
    await deleteOrderType(c.get("db"), c.get("caller").companyId, idtypeorder);
    return c.json("sucesso" as const, 200);
  });
