import { createRoute } from "@hono/zod-openapi";
import { PURCHASE_NOT_FOUND } from "../../domain/purchases/messages";
import { purchaseDetail } from "../../domain/purchases/purchases";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { PURCHASE_TAG, PurchaseParams } from "./schemas/common";
import { PurchaseDetailSchema, purchaseDetailBody } from "./schemas/purchases";

export const getPurchaseRoute = createRoute({
  method: "get",
  path: "/purchase/{idpurchase}",
  operationId: "getPurchase",
  tags: [PURCHASE_TAG],
  summary: "Detalhe de uma compra (documento de recebimento)",
  description: `Cabeçalho, agendamentos com o status derivado na leitura (1 recebido, 2 agendado, 3 atrasado: data passada no fuso da empresa e não recebido, 4 não agendado), itens com \`IDStockKeepingUnitPurchaseSchedule\`, quantidades recebidas e as contas a pagar criadas pela conferência. O documento de recebimento de uma ordem de produção tem este mesmo formato. 400 \`${PURCHASE_NOT_FOUND}\`.`,
  request: { params: PurchaseParams },
  responses: jsonOk(PurchaseDetailSchema, "A compra"),
});

export const getPurchase: AppRouteHandler<typeof getPurchaseRoute> = async (c) => {
  const { idpurchase } = c.req.valid("param");
  const detail = await purchaseDetail(c.get("db"), c.get("caller").companyId, idpurchase);
  return c.json(purchaseDetailBody(detail), 200);
};
