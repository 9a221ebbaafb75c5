import { createRoute, z } from "@hono/zod-openapi";
import { purchaseStatusRegistry } from "../../domain/purchases/purchases";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { PURCHASE_TAG } from "./schemas/common";

const StatusSchema = z
  .object({
    IDStatusPurchase: z.number().int().openapi({ description: "Código do status (0 a 12)", example: 2 }),
    Description: z.string().openapi({ description: "Descrição", example: "Aprovado" }),
    StatusColorCode: z.string().openapi({ description: "Cor (#RRGGBB)", example: "#7CB342" }),
    AwaitingReceipt: z
      .number()
      .int()
      .openapi({ description: "1: pode ser conferida (POST /purchase/{id}/check)", example: 1 }),
    Editable: z.number().int().openapi({ description: "1: itens e cabeçalho podem mudar", example: 1 }),
    Final: z.number().int().openapi({ description: "1: nenhuma transição sai dele", example: 0 }),
    NextStatuses: z
      .array(z.number().int())
      .openapi({ description: "Status para onde PUT /purchase/{id} pode levar a compra", example: [3, 12] }),
  })
  .openapi("PurchaseStatus");

export const listPurchaseStatusesRoute = createRoute({
  method: "get",
  path: "/type/purchase/status",
  operationId: "listPurchaseStatuses",
  tags: [PURCHASE_TAG],
  summary: "Cadastro de status de compra (0 a 12)",
  description:
    "0 rascunho, 1 aguardando aprovação, 2 aprovado, 3 enviado ao fornecedor, 4 confirmado pelo fornecedor, 5 faturado (NF-e emitida), 6 em trânsito, 7 entregue aguardando conferência, 8 recebido com divergência (faltas), 9 recebido, 10 encerrado, 11 devolvido ao fornecedor, 12 cancelado. A conferência leva 2-7 a 8 ou 9; as demais transições estão em `NextStatuses`.",
  responses: jsonOk(z.array(StatusSchema), "Status"),
});

export const listPurchaseStatuses: AppRouteHandler<typeof listPurchaseStatusesRoute> = async (c) => {
  const rows = await purchaseStatusRegistry(c.get("db"));
  return c.json(
    rows.map((s) => ({
      IDStatusPurchase: s.id,
      Description: s.description,
      StatusColorCode: s.colorCode,
      AwaitingReceipt: s.awaitingReceipt,
      Editable: s.editable,
      Final: s.final,
      NextStatuses: [...s.nextStatuses],
    })),
    200,
  );
};
