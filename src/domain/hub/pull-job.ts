import { advanceCursor, findHubIntegration, integrationCursor } from "../../db/hub/integrations";
import { type PullTarget, pulledOrderStatements, storedChannelOrderIds } from "../../db/hub/pull";
import { advanceJobProgress, findJobById } from "../../db/jobs";
import type { Statement } from "../../db/sql";
import { skusByCodes } from "../../db/stock/registry";
import { ApiError } from "../../lib/errors";
import { getCompany } from "../company/company";
import { resumedCounts } from "../jobs/csv-job-file";
import { type JobContext, JobFailure, type JobOutcome, ProgressConflict } from "../jobs/job-context";
import { callChannel } from "./channel-calls";
import { channelKindById } from "./channel-kinds";
import { createOrdersOfHubOrders } from "./create-orders";
import { channelOf } from "./integrations";
import { HUB_INTEGRATION_NOT_FOUND, PULL_JOB_PARAMS } from "./messages";
import { mapChannelOrder, uniqueOrders } from "./order-mapping";

/** Orders asked of the channel per page: one D1 batch each. */
export const PULL_PAGE_SIZE = 100;

export type PullCounts = { pulled: number; created: number; duplicates: number; unmapped: number };
const NO_COUNTS: PullCounts = { pulled: 0, created: 0, duplicates: 0, unmapped: 0 };

export function pullIntegrationOf(params: string): number | null {
  try {
    const id = (JSON.parse(params) as { IDCompanyIntegration?: unknown }).IDCompanyIntegration;
    return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * `HubOrderPull`: the integration's new orders since its cursor, page by page. Each page's hub
 * orders (consumers found or created, SKUs mapped, claims), the cursor's move and the job's
 * progress are ONE batch: the cursor moves only with the orders it covers, and the orders are
 * idempotent by the channel's order id (UNIQUE), so a redelivery or a second pull stores nothing twice.
 * After each page, the orders of the hub orders that mapped completely are created through the
 * orders area (see create-orders). A channel failure (not authenticated, expired, garbage, timeout)
 * ends the job Failed with its message.
 */
export async function pullHubOrders(context: JobContext): Promise<JobOutcome> {
  const { db, job, budget } = context;
  const integrationId = pullIntegrationOf(job.params);
  if (integrationId === null) throw new JobFailure(PULL_JOB_PARAMS);
  const integration = await findHubIntegration(db, job.companyId, integrationId);
  if (!integration) throw new JobFailure(HUB_INTEGRATION_NOT_FOUND);
  const kind = channelKindById(integration.typeCompanyIntegrationId);
  if (!kind) throw new JobFailure(HUB_INTEGRATION_NOT_FOUND);
  const { timeZone } = await getCompany(db, job.companyId);
  const channel = await channelOf({ credentialsKey: context.credentialsKey, now: new Date() }, integration);
  const target: PullTarget = {
    companyId: job.companyId,
    integrationId,
    typeId: kind.id,
    salesChannelId: kind.salesChannel.id,
    warehouseId: integration.warehouseId,
  };
  let counts = resumedCounts(context, NO_COUNTS);
  let processed = job.processed;
  // Orders of hub orders stored by an earlier delivery that stopped before creating them.
  await createOrdersOfHubOrders(db, job.companyId, integrationId);
  for (;;) {
    if (!budget.take()) return { status: "continue" };
    const cursor = await integrationCursor(db, job.companyId, integrationId);
    let page: Awaited<ReturnType<typeof channel.fetchOrdersSince>>;
    try {
      page = await callChannel(() => channel.fetchOrdersSince(cursor, PULL_PAGE_SIZE));
    } catch (error) {
      if (error instanceof ApiError) throw new JobFailure(error.message);
      throw error;
    }
    if (page.orders.length === 0) return { status: "done", result: counts };
    const { orders, repeated } = uniqueOrders(page.orders);
    const stored = await storedChannelOrderIds(
      db,
      integrationId,
      orders.map((order) => order.id),
    );
    const fresh = orders.filter((order) => !stored.has(order.id));
    const skus = await skusByCodes(db, job.companyId, [
      ...new Set(fresh.flatMap((order) => order.items.map((item) => item.sku))),
    ]);
    const mapped = fresh.map((order) => mapChannelOrder(order, (code) => skus.get(code)?.id, timeZone));
    const next: PullCounts = {
      pulled: counts.pulled + page.orders.length,
      created: counts.created + mapped.length,
      duplicates: counts.duplicates + repeated + stored.size,
      unmapped: counts.unmapped + mapped.filter((order) => order.unmappedSkus.length > 0).length,
    };
    const statements: Statement[] = [
      ...mapped.flatMap((order) => pulledOrderStatements(db, target, order)),
      advanceCursor(db, job.companyId, integrationId, cursor, page.nextCursor),
      advanceJobProgress(db, job.id, processed, processed + page.orders.length, next),
    ];
    try {
      await db.batch(statements as [Statement, ...Statement[]]);
    } catch (error) {
      const current = await findJobById(db, job.id);
      const moved = await integrationCursor(db, job.companyId, integrationId);
      if (
        moved !== cursor ||
        (current && (current.processed !== processed || current.status !== "Processing"))
      ) {
        throw new ProgressConflict(`pull of integration ${integrationId} moved by another delivery`);
      }
      throw error;
    }
    processed += page.orders.length;
    counts = next;
    await createOrdersOfHubOrders(db, job.companyId, integrationId);
    if (!page.hasMore) return { status: "done", result: counts };
  }
}
