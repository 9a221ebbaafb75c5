import { createRoute, z } from "@hono/zod-openapi";
import { listOrders } from "../../domain/hub/orders";
import type { AppRouteHandler } from "../../http/router";
import { dateQuery, dateTimeQuery, enumIntQuery, idQuery, jsonOk, pageQuery } from "../../http/schemas";
import { normaliseDocument } from "../../lib/document-number";
import { HUB_TAG } from "./schemas/common";
import { HubOrderSummarySchema, hubOrderSummaryBody } from "./schemas/orders";

const text = (name: string, description: string, max = 100) =>
  z
    .string()
    .max(max, `${name} aceita no máximo ${max} caracteres`)
    .optional()
    .openapi({ param: { name, in: "query" }, maxLength: max, description });

const HubOrdersQuerySchema = z.object({
  CreationTimestampFrom: dateTimeQuery("CreationTimestampFrom", "Recebidos pelo hub a partir de (UTC)"),
  CreationTimestampTo: dateTimeQuery(
    "CreationTimestampTo",
    "Recebidos pelo hub até (UTC; uma data inclui o dia todo)",
  ),
  ConsumerNameCorporateName: text("ConsumerNameCorporateName", "Nome ou razão social do cliente (contém)"),
  ConsumerCpfCnpj: text(
    "ConsumerCpfCnpj",
    "CPF/CNPJ do cliente (pontuação ignorada, letras do CNPJ alfanumérico em qualquer caixa)",
    20,
  ),
  ConsumerEmail: text("ConsumerEmail", "E-mail do cliente (igual, sem diferença de maiúsculas)", 200),
  Order: text("Order", "Número do pedido no canal (igual)"),
  OrderFrom: idQuery("OrderFrom", "Pedidos criados com IDOrder a partir deste"),
  IDStatusOrder: idQuery("IDStatusOrder", "Status do pedido"),
  IDSalesChannel: idQuery("IDSalesChannel", "Canal de venda"),
  ShippingId: text("ShippingId", "Id do envio no canal"),
  PackId: text("PackId", "Carrinho do canal"),
  DateFrom: dateQuery("DateFrom", "Data do pedido no canal a partir de (fuso da empresa)"),
  DateTo: dateQuery("DateTo", "Data do pedido no canal até (inclusive)"),
  IDCompanyIntegration: idQuery("IDCompanyIntegration", "Integração de canal"),
  IDTypeCompanyIntegration: idQuery("IDTypeCompanyIntegration", "Tipo de canal"),
  IDIntegration: idQuery("IDIntegration", "Id do pedido do hub"),
  Coupon: text("Coupon", "Cupom (igual)"),
  UtmCampaign: text("UtmCampaign", "utm_campaign"),
  UtmMedium: text("UtmMedium", "utm_medium"),
  UtmSource: text("UtmSource", "utm_source"),
  UtmiCampaign: text("UtmiCampaign", "utmi_cp (campanha interna)"),
  UtmiPage: text("UtmiPage", "utmi_p (página interna)"),
  UtmiPart: text("UtmiPart", "utmi_pc (parte da página)"),
  OrdersNotCreated: enumIntQuery(
    "OrdersNotCreated",
    [0, 1] as const,
    "1: só os que ainda não viraram pedido (mapeamento falhou)",
  ),
  Search: text("Search", "Contém, em número do pedido, cliente, CPF/CNPJ, e-mail, pack ou envio"),
  Page: pageQuery,
});

export const listHubOrdersRoute = createRoute({
  method: "get",
  path: "/orders/hub",
  operationId: "listHubOrders",
  tags: [HUB_TAG],
  summary: "Lista os pedidos recebidos dos canais de venda",
  description:
    "Mais recentes primeiro (data do pedido no canal), 5000 por página (`Page` a partir de 0). Filtros combinados com E; `StatusColorCode` é a cor do status. `ConsumerNameCorporateName` e `Search` procuram o texto inteiro, como digitado (sem diferença de maiúsculas ASCII; `%` e `_` valem literalmente).",
  request: { query: HubOrdersQuerySchema },
  responses: jsonOk(z.array(HubOrderSummarySchema), "Pedidos do hub (vazia quando nada corresponde)"),
});

export const listHubOrders: AppRouteHandler<typeof listHubOrdersRoute> = async (c) => {
  const q = c.req.valid("query");
  const orders = await listOrders(
    c.get("db"),
    c.get("caller").companyId,
    {
      creationFrom: q.CreationTimestampFrom,
      creationTo:
        q.CreationTimestampTo?.length === 10
          ? `${q.CreationTimestampTo} 23:59:59`
          : q.CreationTimestampTo?.length === 16
            ? `${q.CreationTimestampTo}:59`
            : q.CreationTimestampTo,
      consumerName: q.ConsumerNameCorporateName,
      consumerDocument: q.ConsumerCpfCnpj === undefined ? undefined : normaliseDocument(q.ConsumerCpfCnpj),
      consumerEmail: q.ConsumerEmail,
      order: q.Order,
      orderFrom: q.OrderFrom,
      statusOrderId: q.IDStatusOrder,
      salesChannelId: q.IDSalesChannel,
      shippingId: q.ShippingId,
      packId: q.PackId,
      dateFrom: q.DateFrom,
      dateTo: q.DateTo,
      integrationId: q.IDCompanyIntegration,
      typeId: q.IDTypeCompanyIntegration,
      hubOrderId: q.IDIntegration,
      coupon: q.Coupon,
      utmCampaign: q.UtmCampaign,
      utmMedium: q.UtmMedium,
      utmSource: q.UtmSource,
      utmiCampaign: q.UtmiCampaign,
      utmiPage: q.UtmiPage,
      utmiPart: q.UtmiPart,
      notCreated: q.OrdersNotCreated === 1,
      search: q.Search,
    },
    q.Page,
  );
  return c.json(orders.map(hubOrderSummaryBody), 200);
};
