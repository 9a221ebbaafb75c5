import { z } from "@hono/zod-openapi";
import { PAYMENT_TYPE_NOT_FOUND } from "../../domain/registries/messages";
import { paymentTypeRegistry } from "../../domain/registries/simple-registries";
import { createRouter } from "../../http/router";
import { idPath, pageQuery } from "../../http/schemas";
import { crudRoutes } from "./crud-routes";
import { type DescribedRow, idField, requiredText, statusField } from "./fields";

const PaymentTypeSchema = z
  .object({
    IDTypePayment: idField("Id do tipo de pagamento"),
    Description: z.string().openapi({ example: "Exemplo" }),
    Status: statusField,
  })
  .openapi("PaymentType");

const PaymentTypeCreateSchema = z
  .object({ Description: requiredText("Description", 150) })
  .openapi("PaymentTypeCreate");

const PaymentTypeUpdateSchema = PaymentTypeCreateSchema.partial().openapi("PaymentTypeUpdate");

const routes = crudRoutes({
  path: "/type/order/payment",
  itemPath: "/type/order/payment/{idtypepayment}",
  params: z.object({ idtypepayment: idPath("idtypepayment") }),
  listQuery: z.object({ Page: pageQuery }),
  item: PaymentTypeSchema,
  createBody: PaymentTypeCreateSchema,
  updateBody: PaymentTypeUpdateSchema,
  tag: "Type",
  noun: { one: "tipo de pagamento", many: "tipos de pagamento" },
  notFound: PAYMENT_TYPE_NOT_FOUND,
  operationIds: {
    list: "listPaymentTypes",
    get: "getPaymentType",
    create: "createPaymentType",
    update: "updatePaymentType",
    remove: "deletePaymentType",
  },
});

const paymentTypeBody = (row: DescribedRow) => ({
  IDTypePayment: row.id,
  Description: row.description,
  Status: row.status,
});

export const paymentTypeRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { Page } = c.req.valid("query");
    const rows = await paymentTypeRegistry.list(c.get("db"), c.get("caller").companyId, { page: Page });
    return c.json(rows.map(paymentTypeBody), 200);
  })
  .openapi(routes.get, async (c) => {
    const { idtypepayment } = c.req.valid("param");
    const rows = await paymentTypeRegistry.findAsList(c.get("db"), c.get("caller").companyId, idtypepayment);
    return c.json(rows.map(paymentTypeBody), 200);
  })
  .openapi(routes.create, async (c) => {
    const { Description } = c.req.valid("json");
    const row = await paymentTypeRegistry.create(c.get("db"), c.get("caller").companyId, {
      description: Description,
    });
    return c.json([paymentTypeBody(row)], 200);
  })
  .openapi(routes.update, async (c) => {
    const { idtypepayment } = c.req.valid("param");
    const { Description } = c.req.valid("json");
    const row = await paymentTypeRegistry.change(c.get("db"), c.get("caller").companyId, idtypepayment, {
      description: Description,
    });
    return c.json([paymentTypeBody(row)], 200);
  })
  .openapi(routes.remove, async (c) => {
    const { idtypepayment } = c.req.valid("param");
    await paymentTypeRegistry.remove(c.get("db"), c.get("caller").companyId, idtypepayment);
    return c.json("sucesso" as const, 200);
  });
