import { createRoute } from "@hono/zod-openapi";
import {
  PURCHASE_CHANGED_CONCURRENTLY,
  PURCHASE_NOT_EDITABLE,
  PURCHASE_NOT_FOUND,
  PURCHASE_STATUS_BY_CHECK,
} from "../../domain/purchases/messages";
import { editPurchase } from "../../domain/purchases/purchases";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { PURCHASE_TAG, PurchaseParams } from "./schemas/common";
import {
  PurchaseDetailSchema,
  PurchaseUpdateSchema,
  purchaseChanges,
  purchaseDetailBody,
} from "./schemas/purchases";

export const updatePurchaseRoute = createRoute({
  method: "put",
  path: "/purchase/{idpurchase}",
  operationId: "updatePurchase",
  tags: [PURCHASE_TAG],
  summary: "Altera uma compra",
  description: `Muda só os campos enviados; \`Items\`, quando enviado, substitui todos os itens e agendamentos. \`IDStatusPurchase\` segue as transições do cadastro (GET /type/purchase/status, \`NextStatuses\`); 8 e 9 só pela conferência. Depois de recebida, encerrada ou cancelada, só o status muda. Erros 400: \`${PURCHASE_NOT_FOUND}\`, \`Transição de status não permitida: de <a> para <b>\`, \`${PURCHASE_STATUS_BY_CHECK}\`, \`${PURCHASE_NOT_EDITABLE}\`, \`${PURCHASE_CHANGED_CONCURRENTLY}\`, e os de POST /purchase.`,
  request: {
    params: PurchaseParams,
    body: jsonBody(PurchaseUpdateSchema.openapi({ example: { IDStatusPurchase: 3, Installments: 3 } })),
  },
  responses: jsonOk(PurchaseDetailSchema, "A compra alterada, no formato de GET /purchase/{idpurchase}"),
});

export const updatePurchase: AppRouteHandler<typeof updatePurchaseRoute> = async (c) => {
  const { idpurchase } = c.req.valid("param");
  const detail = await editPurchase(
    c.get("db"),
    c.get("caller"),
    idpurchase,
    purchaseChanges(c.req.valid("json")),
  );
  return c.json(purchaseDetailBody(detail), 200);
};
