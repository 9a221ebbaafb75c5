import { createRoute, z } from "@hono/zod-openapi";
import { SALES_POLICY_NOT_FOUND, SKU_NOT_FOUND, WAREHOUSE_NOT_FOUND } from "../../domain/stock/messages";
import { batchesWithBalance } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { idQuery, jsonOk, pageQuery } from "../../http/schemas";
import { BatchSchema, batchBody } from "./schemas";

export const listBatchesRoute = createRoute({
  method: "get",
  path: "/sku/batch",
  operationId: "listSkuBatches",
  tags: ["SKU"],
  summary: "Lotes com validade e saldo",
  description: `Lotes da empresa (ou do \`IDSku\`) com validade, dias até vencer e saldo (todos os depósitos, ou o \`IDWarehouse\`). Com \`IDCompanySalesPolicy\`: só os lotes elegíveis pela política (com saldo e com pelo menos \`MinShelfLifeDays\` dias de validade restantes; lote sem validade é sempre elegível), na ordem da política (FEFO: vence primeiro sai primeiro; FIFO: lote mais antigo primeiro). 5000 por página. 400 \`${SALES_POLICY_NOT_FOUND}\`, \`${SKU_NOT_FOUND}\`, \`${WAREHOUSE_NOT_FOUND}\`.`,
  request: {
    query: z.object({
      IDSku: idQuery("IDSku", "Só os lotes deste SKU"),
      IDWarehouse: idQuery("IDWarehouse", "Saldo só deste depósito"),
      IDCompanySalesPolicy: idQuery("IDCompanySalesPolicy", "Política de venda que filtra e ordena os lotes"),
      Page: pageQuery,
    }),
  },
  responses: jsonOk(z.array(BatchSchema), "Lotes"),
});

export const listBatches: AppRouteHandler<typeof listBatchesRoute> = async (c) => {
  const q = c.req.valid("query");
  const db = c.get("db");
  const { companyId } = c.get("caller");
  const rows = await batchesWithBalance(db, companyId, {
    skuId: q.IDSku,
    warehouseId: q.IDWarehouse,
    salesPolicyId: q.IDCompanySalesPolicy,
    page: q.Page,
  });
  return c.json(rows.map(batchBody), 200);
};
