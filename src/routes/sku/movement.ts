import { createRoute, z } from "@hono/zod-openapi";
import { kardexLines } from "../../domain/stock/balances";
import {
  BATCH_NOT_FOUND,
  BATCH_REQUIRED_FOR_KARDEX_BATCH,
  SKU_NOT_FOUND,
  SKU_REQUIRED_FOR_KARDEX,
} from "../../domain/stock/messages";
import type { AppRouteHandler } from "../../http/router";
import { dateQuery, idQuery, jsonOk, pageQuery } from "../../http/schemas";
import { MovementSchema, movementBody } from "./schemas";

export const skuMovementRoute = createRoute({
  method: "get",
  path: "/sku/movement",
  operationId: "listSkuMovements",
  tags: ["SKU"],
  summary: "Kardex do SKU ou do lote",
  description: `\`Type=Kardex\` (padrão): movimentações do \`IDSku\` (obrigatório), opcionalmente de um \`IDWarehouse\` e entre \`DateFrom\` e \`DateTo\`, com o saldo do SKU no depósito e o custo médio após cada linha. \`Type=KardexBatch\`: movimentações do lote \`IDBatch\` (obrigatório) com saldo e custo acumulados do lote. Ordem de lançamento, 5000 por \`Page\`. As linhas são imutáveis; os saldos de cada linha foram gravados no lançamento. 400 \`${SKU_REQUIRED_FOR_KARDEX}\`, \`${BATCH_REQUIRED_FOR_KARDEX_BATCH}\`, \`${SKU_NOT_FOUND}\`, \`${BATCH_NOT_FOUND}\`.`,
  request: {
    query: z.object({
      Type: z
        .enum(["Kardex", "KardexBatch"], { error: "Type deve ser Kardex ou KardexBatch" })
        .optional()
        .default("Kardex")
        .openapi({ param: { name: "Type", in: "query" }, example: "Kardex" }),
      IDSku: idQuery("IDSku", "SKU (obrigatório com Type=Kardex)"),
      IDWarehouse: idQuery("IDWarehouse", "Depósito"),
      IDBatch: idQuery("IDBatch", "Lote (obrigatório com Type=KardexBatch)"),
      DateFrom: dateQuery("DateFrom", "Data inicial (inclusive)"),
      DateTo: dateQuery("DateTo", "Data final (inclusive)"),
      Page: pageQuery,
    }),
  },
  responses: jsonOk(z.array(MovementSchema), "Linhas do Kardex"),
});

export const skuMovement: AppRouteHandler<typeof skuMovementRoute> = async (c) => {
  const q = c.req.valid("query");
  const rows = await kardexLines(c.get("db"), c.get("caller").companyId, {
    type: q.Type,
    skuId: q.IDSku,
    warehouseId: q.IDWarehouse,
    batchId: q.IDBatch,
    dateFrom: q.DateFrom,
    dateTo: q.DateTo,
    page: q.Page,
  });
  return c.json(
    rows.map((row) => movementBody(row, q.Type === "KardexBatch")),
    200,
  );
};
