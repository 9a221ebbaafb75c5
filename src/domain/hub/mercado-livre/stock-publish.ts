/**
 * Published stock (issue 26, Deliver 5): every Mercado Livre listing mapped to a SKU (`/hub/product`)
 * gets `available_quantity = max(0, QtyAvailable - StockBuffer)`.
 *
 * - The database queues: triggers on `stock_balances` and `stock_reservations` (migration 0024),
 *   the two tables every change of QtyAvailable goes through (movements of any origin, order
 *   reservations, invoicing, cancellations, counts, imports), upsert one `ml_stock_outbox` row per
 *   integration and listing in the same statement, bumping its `seq` (coalescing: set-based, no
 *   extra D1 call, whatever the number of SKUs a change touches).
 * - After each write (the request's after-write step and each job step, next to the events'
 *   dispatch) `askStockPublish` queues one `MlStockPublish` job per integration with pending rows,
 *   unless one is open; the hourly cron asks too (a lost ask).
 * - The job walks the pending listings; for each it reads the listing at the channel, then the
 *   quantities and the row's `seq` NOW (at send time), sends one PUT, and marks the row done only
 *   when `seq` did not move; a newer change leaves it pending and it is sent again with the newer
 *   value, so a stale value never stays last. One job per integration at a time: two publishers
 *   never race on a listing. A deleted/closed listing marks the row `failed` with the reason
 *   (changes no longer queue it); a passing failure (429/5xx past the adapter's retries, garbage)
 *   leaves it pending and the job is retried later by the queue, then ends Failed with the reason;
 *   each integration is its own job, so one seller's failures never hold another's.
 */
import { z } from "zod";
import { ChannelError, type ChannelStockLine } from "../../../adapters/channels/types";
import { findHubIntegration, type HubIntegrationRow } from "../../../db/hub/integrations";
import {
  availableOfSkus,
  insertStockPublishJob,
  integrationsWithPendingStock,
  type ListingStock,
  listingStockNow,
  markListingGone,
  markListingPublished,
  markListingRefused,
  pendingListings,
  publishStateCounts,
} from "../../../db/hub/ml-stock";
import type { Db } from "../../../env";
import { errorFields, log } from "../../../lib/log";
import type { JobQueue } from "../../jobs/create-job";
import { type JobContext, JobFailure, type JobOutcome } from "../../jobs/job-context";
import type { JobDefinition } from "../../jobs/types";
import { channelFailureMessage } from "../channel-calls";
import { channelKindById } from "../channel-kinds";
import { channelOf, productionOf } from "../integrations";
import { HUB_INTEGRATION_NOT_FOUND, PULL_JOB_PARAMS } from "../messages";
import { ML_KIND_CODE } from "./connection";
import { mlStockPublishUnfinished } from "./messages";

/**
 * The published quantity of each variation's SKU on a Mercado Livre integration (null for other
 * channels, which show QtyOnStock as before).
 */
export async function publishedStockOf(
  deps: { db: Db; companyId: number },
  integration: HubIntegrationRow,
  variations: { skuId: number }[],
): Promise<Map<number, number> | null> {
  if (channelKindById(integration.typeCompanyIntegrationId)?.code !== ML_KIND_CODE) return null;
  const available = await availableOfSkus(
    deps.db,
    deps.companyId,
    integration.warehouseId,
    variations.map((v) => v.skuId),
  );
  return new Map(
    variations.map((v) => [v.skuId, publishedQuantity(available.get(v.skuId) ?? 0, integration.stockBuffer)]),
  );
}

/** Listings read per round of the job (one chunk of its budget). */
export const ML_STOCK_LISTINGS_PER_ROUND = 10;
/** Integrations asked for per ask (more: the next write or the hourly sweep). */
const ASK_LIMIT = 20;

/** The quantity a listing's variation shows: whole units available minus the buffer, never below zero. */
export function publishedQuantity(availableMilli: number, stockBuffer: number): number {
  return Math.max(0, Math.floor(availableMilli / 1000) - stockBuffer);
}

export const stockLines = (stocks: ListingStock[], stockBuffer: number): ChannelStockLine[] =>
  stocks.map((s) => ({ variation: s.code, quantity: publishedQuantity(s.available, stockBuffer) }));

/**
 * Queues the publish job of each integration with listings waiting (unless it has one open). One
 * read when nothing waits; a failure is logged, never fails the write it follows.
 */
export async function askStockPublish(db: Db, queue: JobQueue, account: string): Promise<void> {
  try {
    for (const { companyId, integrationId } of await integrationsWithPendingStock(db, ASK_LIMIT)) {
      const jobId = await insertStockPublishJob(db, companyId, integrationId);
      if (jobId !== null) await queue.send({ type: "MlStockPublish", account, jobId });
    }
  } catch (error) {
    log("error", "stock publish not requested", errorFields(error));
  }
}

type Counts = { published: number; unchanged: number; failed: number; retry: number };

/** Failures of the channel that the next attempt may not have (the listing stays pending). */
const passing = (error: unknown) =>
  error instanceof ChannelError &&
  (error.failure === "timeout" || error.failure === "invalid_answer" || error.failure === "outbound");

async function publishStock(context: JobContext): Promise<JobOutcome> {
  const { db, job, budget } = context;
  const params = z
    .object({ IDCompanyIntegration: z.number().int().positive() })
    .safeParse(JSON.parse(job.params));
  if (!params.success) throw new JobFailure(PULL_JOB_PARAMS);
  const integration = await findHubIntegration(db, job.companyId, params.data.IDCompanyIntegration);
  if (!integration) throw new JobFailure(HUB_INTEGRATION_NOT_FOUND);
  const channel = await channelOf(
    { credentialsKey: context.credentialsKey, now: new Date(), db, production: productionOf(context) },
    integration,
  );
  if (!channel.publishStock) return { status: "done", result: { Published: 0, Failed: 0 } };
  const counts: Counts = { published: 0, unchanged: 0, failed: 0, retry: 0 };
  let lastReason = "";
  let afterId = 0;
  for (;;) {
    const rows = await pendingListings(
      db,
      job.companyId,
      integration.companyIntegrationId,
      afterId,
      ML_STOCK_LISTINGS_PER_ROUND,
    );
    if (rows.length === 0) {
      if (counts.retry > 0) throw new Error(mlStockPublishUnfinished(counts.retry, lastReason));
      // rows sent while a newer change came are pending again, before the walk's point: a new walk
      const again = await pendingListings(db, job.companyId, integration.companyIntegrationId, 0, 1);
      if (again.length === 0) {
        // the result is the listings' state (the same whichever delivery ends the job)
        const states = await publishStateCounts(db, job.companyId, integration.companyIntegrationId);
        return { status: "done", result: { Published: states.done, Failed: states.failed } };
      }
      afterId = 0;
      continue;
    }
    if (!budget.take()) return { status: "continue" };
    for (const row of rows) {
      afterId = row.id;
      let seq = row.seq;
      let sent = "";
      try {
        const before = await listingStockNow(db, row);
        if (before && JSON.stringify(stockLines(before.stocks, integration.stockBuffer)) === row.published) {
          // the channel already shows these quantities: no call
          await markListingPublished(db, row.id, before.seq, row.published, false);
          counts.unchanged++;
          continue;
        }
        const result = await channel.publishStock(row.listingId, async () => {
          const now = await listingStockNow(db, row);
          seq = now?.seq ?? row.seq;
          const lines = stockLines(now?.stocks ?? [], integration.stockBuffer);
          sent = JSON.stringify(lines);
          // the channel already shows these quantities: nothing to send
          return sent === row.published ? null : lines;
        });
        if (result.ok) {
          await markListingPublished(db, row.id, seq, sent, !result.unchanged);
          if (result.unchanged) counts.unchanged++;
          else counts.published++;
        } else if (result.gone) {
          await markListingGone(db, row.id, result.message);
          counts.failed++;
        } else {
          await markListingRefused(db, row.id, seq, result.message, false);
          counts.failed++;
        }
      } catch (error) {
        if (!(error instanceof ChannelError)) throw error;
        const reason = channelFailureMessage(error);
        if (!passing(error)) throw new JobFailure(reason);
        await markListingRefused(db, row.id, seq, reason, true);
        lastReason = reason;
        counts.retry++;
      }
    }
  }
}

/** `MlStockPublish`: the published stock of one Mercado Livre integration's listings. */
export const mlStockPublishJob: JobDefinition = {
  description: "estoque publicado nos anúncios de uma integração Mercado Livre (a cada mudança de estoque)",
  params: z.object({ IDCompanyIntegration: z.number().int().positive() }),
  handler: publishStock,
};

/** A listing's publish state as the API shows it. */
export type ListingPublication = {
  state: "Pending" | "Published" | "Failed";
  /** When the channel last took a quantity (UTC), null when never. */
  publishedAt: string | null;
  /** Why the last publication failed (kept while a retry is pending), null when none. */
  reason: string | null;
  /** The quantity the channel last took per variation code. */
  quantities: Map<string, number>;
};

/**
 * The publish state of an outbox row: `pending` → Pending (with the reason of a passing failure,
 * if any); `failed` (deleted or closed listing) → Failed; `done` with a reason (the channel refused
 * the value) → Failed; `done` → Published.
 */
export function publicationOf(row: {
  state: string;
  reason: string | null;
  published: string | null;
  publishedAt: string | null;
}): ListingPublication {
  const state =
    row.state === "pending"
      ? "Pending"
      : row.state === "failed" || row.reason !== null
        ? "Failed"
        : "Published";
  const quantities = new Map<string, number>();
  const lines = z
    .array(z.object({ variation: z.string(), quantity: z.number() }))
    .safeParse(parsedJson(row.published));
  if (lines.success) for (const line of lines.data) quantities.set(line.variation, line.quantity);
  return { state, publishedAt: row.publishedAt, reason: row.reason, quantities };
}

function parsedJson(text: string | null): unknown {
  try {
    return text === null ? [] : JSON.parse(text);
  } catch {
    return [];
  }
}
