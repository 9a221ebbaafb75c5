import { PAYMENT_TYPE_NOT_FOUND } from "../../domain/registries/messages";
import { paymentTypeRegistry } from "../../domain/registries/simple-registries";
import { describedRegistryRouter } from "./described-registry";

export const paymentTypeRouter = describedRegistryRouter({
  path: "/type/order/payment",
  param: "idtypepayment",
  idField: "IDTypePayment",
  schemaName: "PaymentType",
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
  registry: paymentTypeRegistry,
});
