import { createRoute } from "@hono/zod-openapi";
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
  description:
    "Muda só os campos enviados; `Items`, quando enviado, substitui todos os itens e agendamentos. `IDStatusPurchase` segue as transições do cadastro (GET /type/purchase/status, `NextStatuses`); 8 e 9 só pela conferência. Depois de recebida, encerrada ou cancelada, só o status muda. Erros 400: `Compra não existe`, `Transição de status não permitida: de <a> para <b>`, `Os status 8 e 9 são definidos pela conferência (POST /purchase/{id}/check)`, `Compra recebida, encerrada ou cancelada não pode ser alterada`, `A compra foi alterada por outra requisição, tente novamente`, e os de POST /purchase.",
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
