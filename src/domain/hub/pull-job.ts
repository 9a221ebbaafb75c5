import type { ChannelAdapter, ChannelOrder, ChannelOrderPage } from "../../adapters/channels/types";
import {
  advanceCursor,
  type CursorTarget,
  findHubIntegration,
  integrationCursor,
} from "../../db/hub/integrations";
import { type PullTarget, pulledOrdersStatements, storedChannelOrderIds } from "../../db/hub/pull";
import { advanceJobProgress, findJobById } from "../../db/jobs";
import {
  channelSettlementReference,
  settlementStatements,
  storedSettlementReferences,
} from "../../db/marketplace";
import type { Statement } from "../../db/sql";
import { skusByCodes } from "../../db/stock/registry";
import { ApiError } from "../../lib/errors";
import { getCompany } from "../company/company";
import { D1_CALLS_PER_CHUNK } from "../jobs/budget";
import { resumedCounts } from "../jobs/csv-job-file";
import { type JobContext, JobFailure, type JobOutcome, ProgressConflict } from "../jobs/job-context";
import { callChannel } from "./channel-calls";
import { channelKindById } from "./channel-kinds";
import { createOrdersOfHubOrders } from "./create-orders";
import { channelOf, productionOf } from "./integrations";
import {
  cancellationsOf,
  cancelOrders,
  channelOrderUpdates,
  pendingCancellations,
} from "./mercado-livre/order-updates";
import { HUB_INTEGRATION_NOT_FOUND, PULL_JOB_PARAMS } from "./messages";
import { mapChannelOrder, uniqueOrders } from "./order-mapping";
import { startNotifiedPull } from "./pull";

/** Orders asked of the channel per call (a channel answers at most that many: its own page). */
export const CHANNEL_PAGE_SIZE = 100;

/**
 * Orders of one page of the pull: the channel's pages (of `CHANNEL_PAGE_SIZE`) read until this
 * many, stored as one set in ONE batch with the cursor's move and the job's progress, then their
 * orders created as one set. A page's D1 calls hardly grow with its orders (one statement per
 * table and 90 KB of JSON), so a page of 500 costs about what a page of 100 did.
 */
export const PULL_PAGE_SIZE = 500;

/**
 * D1 calls of a page besides its batch's statements (budget.ts): the stored ids and the SKUs read
 * (2), the hub orders and items of the set (2), the creation of the set and of its reservation
 * fallback (`createOrders` twice: about 25 each), the links batch (2 or 3): about 55; 80 declared.
 */
const PAGE_CALLS_BESIDES_BATCH = 80;

/**
 * The chunks of the invocation's budget a page costs: its batch's statements (a few per table,
 * budget.ts) and its other calls, over the calls a chunk may make (budget.ts).
 */
export const chunksOfPage = (statements: number) =>
  Math.ceil((statements + PAGE_CALLS_BESIDES_BATCH) / D1_CALLS_PER_CHUNK);

export type PullCounts = {
  pulled: number;
  created: number;
  duplicates: number;
  /** Orders stored before that the channel changed since (status, shipment...): updated, not stored again. */
  updated: number;
  unmapped: number;
  /** Settlements of the channel stored (a settlement already stored is not counted). */
  settlements: number;
};
const NO_COUNTS: PullCounts = {
  pulled: 0,
  created: 0,
  duplicates: 0,
  updated: 0,
  unmapped: 0,
  settlements: 0,
};

export function pullIntegrationOf(params: string): number | null {
  try {
    const id = (JSON.parse(params) as { IDCompanyIntegration?: unknown }).IDCompanyIntegration;
    return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * `HubOrderPull`: the integration's new orders since its cursor, then its new settlements since
 * theirs, page by page. Each page's hub orders (consumers found or created, SKUs mapped, claims),
 * the cursor's move and the job's progress are ONE batch: the cursor moves only with the orders it covers, and the orders are
 * idempotent by the channel's order id (UNIQUE), so a redelivery or a second pull stores nothing twice.
 * After each page, the orders of the hub orders that mapped completely are created through the
 * orders area (see create-orders). A channel failure (not authenticated, expired, garbage, timeout)
 * ends the job Failed with its message.
 */
export async function pullHubOrders(context: JobContext): Promise<JobOutcome> {
  const { db, job, budget } = context;
  // before anything that may fail or read the inbox: the next notification queues the next pull
  await startNotifiedPull(db, job);
  const integrationId = pullIntegrationOf(job.params);
  if (integrationId === null) throw new JobFailure(PULL_JOB_PARAMS);
  const integration = await findHubIntegration(db, job.companyId, integrationId);
  if (!integration) throw new JobFailure(HUB_INTEGRATION_NOT_FOUND);
  const kind = channelKindById(integration.typeCompanyIntegrationId);
  if (!kind) throw new JobFailure(HUB_INTEGRATION_NOT_FOUND);
  const { timeZone } = await getCompany(db, job.companyId);
  const channel = await channelOf(
    { db, credentialsKey: context.credentialsKey, now: new Date(), production: productionOf(context) },
    integration,
  );
  const target: PullTarget = {
    companyId: job.companyId,
    integrationId,
    typeId: kind.id,
    salesChannelId: kind.salesChannel.id,
    warehouseId: integration.warehouseId,
  };
  let counts = resumedCounts(context, NO_COUNTS);
  let processed = job.processed;
  const orderCursor = { companyId: job.companyId, integrationId, of: "orders" } as const;
  // Orders of hub orders stored by an earlier delivery that stopped before creating them.
  await createOrdersOfHubOrders(db, integration, { limit: PULL_PAGE_SIZE });
  // Cancellations at the channel an earlier delivery saved and had no budget left for.
  if (!(await cancelOrders(context, pendingCancellations(job.cursor)))) return { status: "continue" };
  // read once: then it is where this delivery's last batch moved it (a batch moves it only from there)
  let cursor = await integrationCursor(db, orderCursor);
  for (let pages = 0; ; pages++) {
    if (!budget.take()) return { status: "continue" };
    const page = await ordersPage(channel, cursor);
    if (page.orders.length === 0) break;
    const { orders, repeated } = uniqueOrders(page.orders);
    const stored = await storedChannelOrderIds(
      db,
      integrationId,
      orders.map((order) => order.id),
    );
    const fresh = orders.filter((order) => !stored.has(order.id));
    const updates = await channelOrderUpdates(
      db,
      integrationId,
      orders.filter((order) => stored.has(order.id)),
      timeZone,
    );
    const skus = await skusByCodes(db, job.companyId, [
      ...new Set(fresh.flatMap((order) => order.items.map((item) => item.sku))),
    ]);
    const mapped = fresh.map((order) => mapChannelOrder(order, (code) => skus.get(code)?.id, timeZone));
    const next: PullCounts = {
      pulled: counts.pulled + page.orders.length,
      created: counts.created + mapped.length,
      duplicates: counts.duplicates + repeated + stored.size - updates.length,
      updated: counts.updated + updates.length,
      unmapped: counts.unmapped + mapped.filter((order) => order.unmappedSkus.length > 0).length,
      settlements: counts.settlements,
    };
    const statements: Statement[] = [
      ...pulledOrdersStatements(db, target, mapped),
      ...updates.flatMap((update) => update.statements),
      advanceCursor(db, orderCursor, cursor, page.nextCursor),
      advanceJobProgress(
        db,
        job.id,
        processed,
        processed + page.orders.length,
        next,
        cancellationsOf(updates),
      ),
    ];
    // a page that does not fit in what is left of the invocation's D1 calls waits for the next delivery
    if (!budget.takeMore(chunksOfPage(statements.length) - 1, pages === 0)) return { status: "continue" };
    await commitPage(context, statements, { cursorOf: orderCursor, cursor, processed });
    cursor = page.nextCursor;
    processed += page.orders.length;
    counts = next;
    const cancelled = await cancelOrders(context, cancellationsOf(updates).cancel);
    await createOrdersOfHubOrders(db, integration, {
      channelOrderIds: mapped.filter((o) => o.unmappedSkus.length === 0).map((o) => o.channelOrderId),
    });
    if (!cancelled) return { status: "continue" };
    if (!page.hasMore) break;
  }
  return pullSettlements(context, channel, { integrationId, counts, processed });
}

/**
 * The channel's orders after `cursor`, its pages read one after another until `PULL_PAGE_SIZE`
 * orders or its last page: the cursor after the last page read covers them all.
 */
async function ordersPage(channel: ChannelAdapter, cursor: string): Promise<ChannelOrderPage> {
  const orders: ChannelOrder[] = [];
  let nextCursor = cursor;
  for (;;) {
    const limit = Math.min(CHANNEL_PAGE_SIZE, PULL_PAGE_SIZE - orders.length);
    const page = await channelPage(() => channel.fetchOrdersSince(nextCursor, limit));
    // an empty page ends the pull here, as a last page does
    if (page.orders.length === 0) return { orders, nextCursor, hasMore: false };
    orders.push(...page.orders);
    nextCursor = page.nextCursor;
    if (!page.hasMore || orders.length >= PULL_PAGE_SIZE)
      return { orders, nextCursor, hasMore: page.hasMore };
  }
}

type PullState = { integrationId: number; counts: PullCounts; processed: number };

/**
 * The second half of a pull: the channel's settlements since the integration's settlement cursor,
 * each page stored with the cursor's move and the job's progress in one batch (a settlement is
 * stored once per integration: UNIQUE reference).
 */
async function pullSettlements(
  context: JobContext,
  channel: ChannelAdapter,
  state: PullState,
): Promise<JobOutcome> {
  const { db, job, budget } = context;
  const { integrationId } = state;
  const settlementCursor = { companyId: job.companyId, integrationId, of: "settlements" } as const;
  let { counts, processed } = state;
  for (;;) {
    if (!budget.take()) return { status: "continue" };
    const cursor = await integrationCursor(db, settlementCursor);
    const page = await channelPage(() => channel.fetchSettlementsSince(cursor, PULL_PAGE_SIZE));
    if (page.settlements.length === 0) return { status: "done", result: counts };
    const stored = await storedSettlementReferences(
      db,
      integrationId,
      page.settlements.map((s) => channelSettlementReference(s.id)),
    );
    const fresh = page.settlements.filter((s) => !stored.has(channelSettlementReference(s.id)));
    const next: PullCounts = { ...counts, settlements: counts.settlements + fresh.length };
    const rows = fresh.map((s) => ({
      companyId: job.companyId,
      companyIntegrationId: integrationId,
      channelOrderId: s.orderId,
      settlementDate: s.releasedOn,
      gross: s.grossCents,
      commission: s.commissionCents,
      fees: s.feesCents,
      net: s.netCents,
      reference: channelSettlementReference(s.id),
    }));
    const statements: Statement[] = [
      ...settlementStatements(db, rows),
      advanceCursor(db, settlementCursor, cursor, page.nextCursor),
      advanceJobProgress(db, job.id, processed, processed + page.settlements.length, next),
    ];
    await commitPage(context, statements, { cursorOf: settlementCursor, cursor, processed });
    processed += page.settlements.length;
    counts = next;
    if (!page.hasMore) return { status: "done", result: counts };
  }
}

/** A channel call of the job: its failure (not authenticated, garbage, timeout...) ends the job Failed. */
async function channelPage<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await callChannel(call);
  } catch (error) {
    if (error instanceof ApiError) throw new JobFailure(error.message);
    throw error;
  }
}

/**
 * Writes one page's batch. When it is refused because another delivery moved the cursor or the
 * job first, that is a progress conflict (this delivery stops); anything else is an error.
 */
async function commitPage(
  context: JobContext,
  statements: Statement[],
  expected: { cursorOf: CursorTarget; cursor: string; processed: number },
): Promise<void> {
  const { db, job } = context;
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    const current = await findJobById(db, job.id);
    const moved = await integrationCursor(db, expected.cursorOf);
    if (
      moved !== expected.cursor ||
      (current && (current.processed !== expected.processed || current.status !== "Processing"))
    ) {
      throw new ProgressConflict(
        `pull of integration ${expected.cursorOf.integrationId} moved by another delivery`,
      );
    }
    throw error;
  }
}
