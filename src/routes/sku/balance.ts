import { createRoute, z } from "@hono/zod-openapi";
import { skuBalances } from "../../domain/stock/balances";
import { SKU_NOT_FOUND } from "../../domain/stock/messages";
import { fromMilli } from "../../domain/stock/quantities";
import type { AppRouteHandler } from "../../http/router";
import { idField, idQuery, jsonOk, pageQuery, quantityField } from "../../http/schemas";
import { fromCents } from "../../lib/money";

const SkuBalanceSchema = z
  .object({
    IDSku: idField("SKU"),
    Code: z.string().nullable().openapi({ example: "CAF-500" }),
    Name: z.string().openapi({ example: "Café torrado 500 g" }),
    Unit: z.string().openapi({ example: "UN" }),
    QtyOnStock: quantityField(
      "Soma das movimentações (dos totais correntes, nunca da varredura do histórico)",
    ),
    QtyReserved: quantityField("Reservado por pedidos em status que reservam (23 e 50 a 56)"),
    QtyAvailable: quantityField("QtyOnStock - QtyReserved"),
    AverageCost: z.number().openapi({ description: "Custo médio ponderado móvel (R$)", example: 12.73 }),
  })
  .openapi("SkuBalance");

export const skuBalanceRoute = createRoute({
  method: "get",
  path: "/sku/balance",
  operationId: "getSkuBalance",
  tags: ["SKU"],
  summary: "Saldo de estoque por SKU",
  description: `Saldo em estoque, reservado e disponível por SKU (somando os depósitos, ou só o \`IDWarehouse\`). Pedidos em status de orçamento (50 a 56) e no status 23 reservam; o status 97 não é manuseio; reservas nunca alteram \`QtyOnStock\`. Sem \`IDSku\`: os SKUs da empresa, 5000 por página. 400 \`${SKU_NOT_FOUND}\`.`,
  request: {
    query: z.object({
      IDSku: idQuery("IDSku", "Um SKU"),
      IDWarehouse: idQuery("IDWarehouse", "Só o saldo deste depósito"),
      Page: pageQuery,
    }),
  },
  responses: jsonOk(z.array(SkuBalanceSchema), "Saldos"),
});

export const skuBalance: AppRouteHandler<typeof skuBalanceRoute> = async (c) => {
  const query = c.req.valid("query");
  const rows = await skuBalances(c.get("db"), c.get("caller").companyId, {
    skuId: query.IDSku,
    warehouseId: query.IDWarehouse,
    page: query.Page,
  });
  return c.json(
    rows.map((r) => ({
      IDSku: r.sku.id,
      Code: r.sku.code,
      Name: r.sku.name,
      Unit: r.sku.unit,
      QtyOnStock: fromMilli(r.onStock),
      QtyReserved: fromMilli(r.reserved),
      QtyAvailable: fromMilli(r.available),
      AverageCost: fromCents(r.averageCost),
    })),
    200,
  );
};
