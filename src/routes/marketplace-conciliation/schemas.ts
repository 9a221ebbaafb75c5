import { z } from "@hono/zod-openapi";
import type { ConciliationRow, SettlementFacts } from "../../domain/marketplace/conciliation";
import { moneyField } from "../../http/schemas";
import { fromCents } from "../../lib/money";

export const TAG = "Accounts receivable";

const money = (description: string) => moneyField(description, 100.5);
const fraction = (description: string) =>
  z
    .number()
    .min(0)
    .max(1)
    .openapi({ description: `${description}: fração de 0 a 1 do bruto`, example: 0.12 });

const SettlementLineSchema = z
  .object({
    IDMarketplaceSettlement: z.number().int().openapi({ description: "Id da linha de repasse" }),
    Reference: z.string().openapi({
      description:
        "Origem: `channel:<id do repasse no canal>` (importado do canal) ou `job:<IDJob>:<linha>` (relatório enviado)",
      example: "channel:ST-3",
    }),
    SettlementDate: z
      .string()
      .openapi({ description: "Data do repasse (AAAA-MM-DD)", example: "2026-11-16" }),
    GrossValue: money("Valor bruto"),
    CommissionValue: money("Comissão do canal"),
    FeesValue: money("Tarifas do canal"),
    NetValue: money("Valor líquido repassado"),
  })
  .openapi("MarketplaceSettlementLine", {
    description:
      "Uma linha de repasse: uma liberação (valores >= 0) ou o estorno de uma (devolução ao comprador depois da liberação: valores <= 0, p.ex. `channel:ml-refund-<pedido>-<total estornado em centavos>` do Mercado Livre)",
  });

export const MarketplaceConciliationSchema = z
  .object({
    IDCompanyIntegration: z.number().int().openapi({ description: "Integração do canal" }),
    Order: z.string().openapi({ description: "Número do pedido no canal", example: "SBX-3" }),
    IDOrder: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Pedido criado para o pedido do canal; null quando não há" }),
    IDAccountReceivable: z
      .array(z.number().int())
      .openapi({ description: "Contas a receber do pedido (GET /accounts/receivable/{id})" }),
    ReceivableValue: money("Soma dos valores das contas a receber do pedido").nullable(),
    ReceivedValue: money("Quanto dessas contas já foi recebido").nullable(),
    GrossValue: money("Bruto repassado pelo canal (soma das linhas do pedido nesta página)"),
    CommissionValue: money("Comissão do canal"),
    FeesValue: money("Tarifas do canal"),
    NetValue: money("Líquido repassado"),
    CommissionPct: fraction("Comissão"),
    FeesPct: fraction("Tarifas"),
    NetPct: fraction("Líquido"),
    Difference: money(
      "ReceivableValue - GrossValue (o bruto já líquido dos estornos: um pedido estornado depois da liberação fica `divergent` com o valor estornado); null sem pedido",
    ).nullable(),
    Status: z.enum(["conciliated", "divergent", "order_not_found"]).openapi({
      description:
        "`conciliated`: o bruto repassado é o valor das contas a receber do pedido; `divergent`: não é; `order_not_found`: nenhum pedido criado para o pedido do canal",
    }),
    Settlements: z
      .array(SettlementLineSchema)
      .openapi({ description: "As linhas de repasse do pedido nesta página" }),
  })
  .openapi("MarketplaceConciliation");

const settlementLineBody = (line: SettlementFacts): z.infer<typeof SettlementLineSchema> => ({
  IDMarketplaceSettlement: line.id,
  Reference: line.reference,
  SettlementDate: line.settlementDate,
  GrossValue: fromCents(line.gross),
  CommissionValue: fromCents(line.commission),
  FeesValue: fromCents(line.fees),
  NetValue: fromCents(line.net),
});

export const conciliationBody = (row: ConciliationRow): z.infer<typeof MarketplaceConciliationSchema> => ({
  IDCompanyIntegration: row.companyIntegrationId,
  Order: row.channelOrderId,
  IDOrder: row.receivables?.orderId ?? null,
  IDAccountReceivable: row.receivables?.titleIds ?? [],
  ReceivableValue: row.receivables ? fromCents(row.receivables.value) : null,
  ReceivedValue: row.receivables ? fromCents(row.receivables.received) : null,
  GrossValue: fromCents(row.gross),
  CommissionValue: fromCents(row.commission),
  FeesValue: fromCents(row.fees),
  NetValue: fromCents(row.net),
  CommissionPct: row.commissionPct,
  FeesPct: row.feesPct,
  NetPct: row.netPct,
  Difference: row.difference === null ? null : fromCents(row.difference),
  Status: row.status,
  Settlements: row.settlements.map(settlementLineBody),
});
