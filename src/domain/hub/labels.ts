import type { ChannelLabels, LabelFormat } from "../../adapters/channels/types";
import {
  hubOrdersByIds,
  insertCollectionList,
  type ListedOrder,
  ordersOfLists,
} from "../../db/hub/collection-lists";
import { hasIntegrationOfKind } from "../../db/hub/integrations";
import { badRequest } from "../../lib/errors";
import { callChannel } from "./channel-calls";
import { channelOf, findIntegration, type HubDeps } from "./integrations";
import {
  CHANNEL_KIND_NOT_CONNECTED,
  COLLECTION_LIST_MIXED_INTEGRATIONS,
  COLLECTION_LIST_ORDERS_REQUIRED,
  COLLECTION_LIST_REQUIRED,
  collectionListOrdersNotFound,
  collectionListOrdersWithoutShipment,
  collectionListsNotFound,
} from "./messages";

/** A carrier collection list (romaneio): hub orders of one integration handed to the carrier together. */
export async function createCollectionList(
  deps: HubDeps,
  orderIds: number[],
): Promise<{ id: number; integrationId: number; orders: ListedOrder[] }> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) throw badRequest(COLLECTION_LIST_ORDERS_REQUIRED);
  const orders = await hubOrdersByIds(deps.db, deps.companyId, ids);
  const found = new Set(orders.map((o) => o.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw badRequest(collectionListOrdersNotFound(missing));
  if (new Set(orders.map((o) => o.integrationId)).size > 1)
    throw badRequest(COLLECTION_LIST_MIXED_INTEGRATIONS);
  const unshipped = orders.filter((o) => !o.shippingId).map((o) => o.id);
  if (unshipped.length > 0) throw badRequest(collectionListOrdersWithoutShipment(unshipped));
  const integrationId = orders[0]!.integrationId;
  const id = await insertCollectionList(deps.db, deps.companyId, integrationId, ids);
  return { id, integrationId, orders };
}

/**
 * The shipping labels of the lists' orders, fetched from the channel as one file (PDF or ZPL).
 * The company must have an integration of the path's channel kind; every list must be the
 * company's, of that kind, and all of one integration.
 */
export async function collectionListLabels(
  deps: HubDeps,
  typeId: number,
  listIds: number[],
  format: LabelFormat,
): Promise<ChannelLabels> {
  if (!(await hasIntegrationOfKind(deps.db, deps.companyId, typeId)))
    throw badRequest(CHANNEL_KIND_NOT_CONNECTED);
  const ids = [...new Set(listIds)];
  if (ids.length === 0) throw badRequest(COLLECTION_LIST_REQUIRED);
  const shipments = (await ordersOfLists(deps.db, deps.companyId, ids)).filter((s) => s.typeId === typeId);
  const found = new Set(shipments.map((s) => s.listId));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw badRequest(collectionListsNotFound(missing));
  const integrations = new Set(shipments.map((s) => s.integrationId));
  if (integrations.size > 1) throw badRequest(COLLECTION_LIST_MIXED_INTEGRATIONS);
  const integration = await findIntegration(deps.db, deps.companyId, shipments[0]!.integrationId);
  const channel = await channelOf(deps, integration);
  return callChannel(() =>
    channel.fetchLabels(
      shipments.map((s) => s.shippingId!),
      format,
    ),
  );
}
