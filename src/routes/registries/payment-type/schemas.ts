import { z } from "@hono/zod-openapi";
import { PAYMENT_TYPE_NOT_FOUND } from "../../../domain/registries/messages";
import { paymentTypeRegistry } from "../../../domain/registries/simple-registries";
import { idField, idPath, pageQuery, requiredText, statusField } from "../../../http/schemas";
import { type CrudSpec, registryRows } from "../crud-configs";
import type { DescribedRow } from "../fields";

export const PaymentTypeSchema = z
  .object({
    IDTypePayment: idField("Id do tipo de pagamento"),
    Description: z.string().openapi({ example: "Exemplo" }),
    Status: statusField,
  })
  .openapi("PaymentType");

export const PaymentTypeCreateSchema = z
  .object({ Description: requiredText("Description", 150) })
  .openapi("PaymentTypeCreate");

export const PaymentTypeUpdateSchema = PaymentTypeCreateSchema.partial().openapi("PaymentTypeUpdate");

export const paymentTypeCrud = {
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
} satisfies CrudSpec;

export const paymentTypeBody = (row: DescribedRow) => ({
  IDTypePayment: row.id,
  Description: row.description,
  Status: row.status,
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const paymentTypeRows = registryRows(
  paymentTypeRegistry,
  paymentTypeBody,
  (body: z.infer<typeof PaymentTypeCreateSchema>) => ({ description: body.Description }),
  (body: z.infer<typeof PaymentTypeUpdateSchema>) => ({ description: body.Description }),
);
