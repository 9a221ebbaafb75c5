import { createRoute } from "@hono/zod-openapi";
import {
  PURCHASE_CH_NFE_DUPLICATE,
  PURCHASE_ITEMS_REQUIRED,
  PURCHASE_SUPPLIER_REQUIRED,
  PURCHASE_WAREHOUSE_REQUIRED,
} from "../../domain/purchases/messages";
import * as domain from "../../domain/purchases/purchases";
import { PAYMENT_TYPE_NOT_FOUND, SUPPLIER_NOT_FOUND } from "../../domain/registries/messages";
import { QUANTITY_NOT_POSITIVE, SKU_NOT_FOUND, WAREHOUSE_NOT_FOUND } from "../../domain/stock/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { PURCHASE_TAG } from "./schemas/common";
import {
  PurchaseCreateSchema,
  PurchaseDetailSchema,
  purchaseDetailBody,
  purchaseInput,
} from "./schemas/purchases";

export const createPurchaseRoute = createRoute({
  method: "post",
  path: "/purchase",
  operationId: "createPurchase",
  tags: [PURCHASE_TAG],
  summary: "Cria uma compra",
  description: `Fornecedor, depósito de entrada, forma de pagamento e parcelas (as contas a pagar nascem na conferência), itens com quantidade (até 3 casas) e custo unitário, e a data de entrega de cada item: os itens da mesma data formam um agendamento (\`IDStockKeepingUnitPurchaseSchedule\`). Tudo gravado num único lote atômico. Erros 400: \`${PURCHASE_SUPPLIER_REQUIRED}\`, \`${SUPPLIER_NOT_FOUND}\`, \`${PURCHASE_WAREHOUSE_REQUIRED}\`, \`${WAREHOUSE_NOT_FOUND}\`, \`${PAYMENT_TYPE_NOT_FOUND}\`, \`${PURCHASE_ITEMS_REQUIRED}\`, \`Items[<i>]. ${SKU_NOT_FOUND}\`, \`Items[<i>]. ${QUANTITY_NOT_POSITIVE}\`, \`Uma compra não pode ser criada no status <n>: use um status de 0 a 7\`, \`${PURCHASE_CH_NFE_DUPLICATE}\`.`,
  request: {
    body: jsonBody(
      PurchaseCreateSchema.openapi({
        example: {
          IDSupplier: 1,
          IDWarehouse: 1,
          IDStatusPurchase: 2,
          IDTypePayment: 1,
          Installments: 2,
          Description: "Reposição de dezembro",
          Items: [
            { IDSku: 1, Quantity: 10, UnitCost: 12.5, DueDate: "2026-12-01" },
            { IDSku: 2, Quantity: 4, UnitCost: 30 },
          ],
        },
      }),
    ),
  },
  responses: jsonOk(PurchaseDetailSchema, "A compra criada, no formato de GET /purchase/{idpurchase}"),
});

export const createPurchase: AppRouteHandler<typeof createPurchaseRoute> = async (c) => {
  const detail = await domain.createPurchase(
    c.get("db"),
    c.get("caller"),
    purchaseInput(c.req.valid("json")),
  );
  return c.json(purchaseDetailBody(detail), 200);
};
