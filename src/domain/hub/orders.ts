import {
  findHubOrder,
  type HubOrderClaimRow,
  type HubOrderItemRow,
  type HubOrderRow,
  hubOrderClaimsOf,
  hubOrderItemsOf,
  listHubOrders,
} from "../../db/hub/orders";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { type ChannelKind, channelKindById } from "./channel-kinds";
import { HUB_ORDER_NOT_FOUND } from "./messages";

/** The 26 filters of `GET /orders/hub` (SPEC change notes), as the domain names them. */
export type HubOrderFilters = {
  creationFrom?: string;
  creationTo?: string;
  consumerName?: string;
  consumerDocument?: string;
  consumerEmail?: string;
  order?: string;
  orderFrom?: number;
  statusOrderId?: number;
  salesChannelId?: number;
  shippingId?: string;
  packId?: string;
  dateFrom?: string;
  dateTo?: string;
  integrationId?: number;
  typeId?: number;
  hubOrderId?: number;
  coupon?: string;
  utmCampaign?: string;
  utmMedium?: string;
  utmSource?: string;
  utmiCampaign?: string;
  utmiPage?: string;
  utmiPart?: string;
  notCreated?: boolean;
  search?: string;
};

export type HubOrderSummary = { row: HubOrderRow; kind: ChannelKind };
export type HubOrderDetail = HubOrderSummary & { items: HubOrderItemRow[]; claims: HubOrderClaimRow[] };

function kindOf(row: HubOrderRow): ChannelKind {
  const kind = channelKindById(row.typeCompanyIntegrationId);
  if (!kind) throw new Error(`hub order ${row.id} of an unknown channel kind`);
  return kind;
}

export async function listOrders(
  db: Db,
  companyId: number,
  filters: HubOrderFilters,
  page: number,
): Promise<HubOrderSummary[]> {
  return (await listHubOrders(db, companyId, filters, page)).map((row) => ({ row, kind: kindOf(row) }));
}

async function detail(db: Db, companyId: number, row: HubOrderRow | undefined): Promise<HubOrderDetail> {
  if (!row) throw badRequest(HUB_ORDER_NOT_FOUND);
  const [items, claims] = await Promise.all([
    hubOrderItemsOf(db, companyId, row.id),
    hubOrderClaimsOf(db, companyId, row.id),
  ]);
  return { row, kind: kindOf(row), items, claims };
}

/** The hub order (IDIntegration = the hub order's id), or 400 `Pedido da integração não encontrado`. */
export async function hubOrderByIntegration(
  db: Db,
  companyId: number,
  hubOrderId: number,
): Promise<HubOrderDetail> {
  return detail(db, companyId, await findHubOrder(db, companyId, { hubOrderId }));
}

/** The hub order the order `orderId` was created from. */
export async function hubOrderByOrder(db: Db, companyId: number, orderId: number): Promise<HubOrderDetail> {
  return detail(db, companyId, await findHubOrder(db, companyId, { orderId }));
}
