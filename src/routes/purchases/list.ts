import { createRoute, z } from "@hono/zod-openapi";
import { listPurchases as listRows } from "../../domain/purchases/purchases";
import type { AppRouteHandler } from "../../http/router";
import { dateTimeQuery, enumIntQuery, idQuery, jsonOk, pageQuery } from "../../http/schemas";
import { PURCHASE_TAG } from "./schemas/common";
import { PurchaseHeaderSchema, purchaseHeaderBody } from "./schemas/purchases";

/** The example of the date-time filters. */
const START_TIME = "2026-11-01 00:00:00";

const ListQuery = z.object({
  IDPurchase: idQuery("IDPurchase", "Uma compra"),
  IDStatusPurchase: enumIntQuery(
    "IDStatusPurchase",
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const,
    "Status da compra (0 a 12)",
  ),
  IDSupplier: idQuery("IDSupplier", "Fornecedor"),
  IDWarehouse: idQuery("IDWarehouse", "Depósito de entrada"),
  IDOrder: idQuery("IDOrder", "Pedido de venda atendido pela compra"),
  StockKeepingUnitPurchaseScheduleStatus: enumIntQuery(
    "StockKeepingUnitPurchaseScheduleStatus",
    [1, 2, 3, 4] as const,
    "Compras com algum agendamento neste status: 1 recebido, 2 agendado (data de hoje em diante), 3 atrasado (data passada no fuso da empresa, não recebido), 4 item sem agendamento. 2 a 4 só para compras abertas (status 0 a 7)",
  ),
  chNFeFrom: z
    .string()
    .regex(/^[0-9A-Z]{1,44}$/, "chNFeFrom deve ter de 1 a 44 dígitos")
    .optional()
    .openapi({
      param: { name: "chNFeFrom", in: "query" },
      description: "Chaves de NF-e a partir desta (ordem da chave)",
    }),
  NfeNumberFrom: z
    .string()
    .regex(/^\d{1,9}$/, "NfeNumberFrom deve ser um inteiro de até 9 dígitos")
    .transform(Number)
    .optional()
    .openapi({
      param: { name: "NfeNumberFrom", in: "query" },
      type: "integer",
      minimum: 0,
      maximum: 999_999_999,
      description: "Número da NF-e a partir deste",
    }),
  StartTimeFrom: dateTimeQuery(
    "StartTimeFrom",
    "Data-hora da compra a partir de (fuso da empresa)",
    START_TIME,
  ),
  StartTimeTo: dateTimeQuery(
    "StartTimeTo",
    "Data-hora da compra até (fuso da empresa; só a data inclui o dia todo)",
    START_TIME,
  ),
  SinceRecordTimestamp: dateTimeQuery(
    "SinceRecordTimestamp",
    "Compras criadas ou alteradas desde este instante (UTC): sincronização incremental",
    START_TIME,
  ),
  Page: pageQuery,
});

export const listPurchasesRoute = createRoute({
  method: "get",
  path: "/purchase",
  operationId: "listPurchases",
  tags: [PURCHASE_TAG],
  summary: "Lista compras",
  description:
    "Cabeçalhos das compras da empresa, da mais recente para a mais antiga, 5000 por página (`Page` a partir de 0). Todos os filtros combinam entre si.",
  request: { query: ListQuery },
  responses: jsonOk(z.array(PurchaseHeaderSchema), "Compras"),
});

const endOfDay = (v: string | undefined) => (v !== undefined && v.length === 10 ? `${v} 23:59:59` : v);
const startOfDay = (v: string | undefined) => (v !== undefined && v.length === 10 ? `${v} 00:00:00` : v);

export const listPurchases: AppRouteHandler<typeof listPurchasesRoute> = async (c) => {
  const q = c.req.valid("query");
  const rows = await listRows(c.get("db"), c.get("caller").companyId, {
    page: q.Page,
    id: q.IDPurchase,
    statusId: q.IDStatusPurchase,
    supplierId: q.IDSupplier,
    warehouseId: q.IDWarehouse,
    orderId: q.IDOrder,
    scheduleStatus: q.StockKeepingUnitPurchaseScheduleStatus,
    chNfeFrom: q.chNFeFrom,
    nfeNumberFrom: q.NfeNumberFrom,
    startTimeFrom: startOfDay(q.StartTimeFrom),
    startTimeTo: endOfDay(q.StartTimeTo),
    sinceRecordTimestamp: startOfDay(q.SinceRecordTimestamp),
  });
  return c.json(rows.map(purchaseHeaderBody), 200);
};
