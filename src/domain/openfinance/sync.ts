/**
 * The sync of a bank feed (`OpenFinanceSync`, params `{IDBankAccount, Refresh}`): the item's state
 * (`feedHealth`: what the user must do), at most one refresh at the institution when asked by hand
 * and allowed by the month's budget (never on a retry), then the window of the last days from the
 * aggregator's copy (`GET /v2/transactions`, cursor pages), written as statement lines in chunks
 * (one read and one batch each), the rules run over the lines that posted, and the feed's state.
 * A failure of the aggregator ends the job Failed with its reason, recorded on the feed; a 429 also
 * sets the feed's wait (`RetryAfter`), which the schedule and the manual sync respect.
 */
import { budgetState, decideRead, narrowWindow, spend } from "../../adapters/openfinance/budget";
import { feedHealth } from "../../adapters/openfinance/mapping";
import { PluggyApi } from "../../adapters/openfinance/pluggy-api";
import type {
  ApiKeyStore,
  FeedResult,
  FeedTransaction,
  TransactionSweep,
} from "../../adapters/openfinance/types";
import { runStatements } from "../../db/auto-reconciliation-writes";
import { advanceJobProgress, findJobById, insertJobErrors, setJobTotal } from "../../db/jobs";
import {
  type BankFeedRow,
  feedLinesOf,
  feedsDue,
  finishSyncReads,
  insertFeedLines,
  insertSyncJobIfNone,
  type KeyHolder,
  keepApiKey,
  linesHoldingKeys,
  type OpenFinanceSettingsRow,
  openSyncJob,
  type StoredFeedLine,
  standingFeedIdsDated,
  storedApiKey,
  syncStartOf,
  updateFeed,
  updateFeedStatement,
  updatePendingFeedLines,
} from "../../db/openfinance";
import type { Db, Env } from "../../env";
import { addDays, DEFAULT_TIME_ZONE, todayIn } from "../../lib/dates";
import { ApiError } from "../../lib/errors";
import { errorFields, log } from "../../lib/log";
import { decryptCredentials, encryptCredentials } from "../../platform/credentials-cipher";
import { runRules } from "../auto-reconciliation/run-rules";
import { reconcileFeedCredits } from "../bank-returns/feed-credits";
import type { JobDeps } from "../jobs/create-job";
import { type JobContext, JobFailure, type JobOutcome, ProgressConflict } from "../jobs/job-context";
import { QUEUE_FAILURE } from "../jobs/messages";
import { planFeedChanges } from "../statement/feed-changes";
import { movementKeys, planFeedLines, refusalNotes } from "./lines";
import { OPENFINANCE_MESSAGES as M } from "./messages";
import { openCredentials } from "./settings";

/** Days re-read before the last day synced: the aggregator may still post, date or change them. */
export const RESYNC_DAYS = 7;
/** Days after today the window reads (a movement dated in the future is skipped with a reason, never stored). */
export const FUTURE_DAYS_READ = 7;
/** The window of a feed's first sync. */
export const FIRST_SYNC_DAYS = 90;
/** The schedule syncs a feed at most this often (Pluggy's auto-sync updates an item up to 4 times a day). */
export const SCHEDULE_INTERVAL_HOURS = 6;
/** Movements per chunk: one read of the stored lines and one batch. */
export const FEED_TRANSACTIONS_PER_CHUNK = 5000;
/** The aggregator's time limit per request (env `OPENFINANCE_TIMEOUT_MS` overrides it). */
const DEFAULT_TIMEOUT_MS = 20_000;

export type SyncParams = { bankAccountId: number; refresh: boolean };

export const syncJobParams = (bankAccountId: number, refresh: boolean) =>
  JSON.stringify({ IDBankAccount: bankAccountId, Refresh: refresh ? 1 : 0 });

export function syncParamsOf(params: string): SyncParams | null {
  try {
    const parsed = JSON.parse(params) as { IDBankAccount?: unknown; Refresh?: unknown };
    const id = parsed.IDBankAccount;
    if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) return null;
    return { bankAccountId: id, refresh: parsed.Refresh === 1 };
  } catch {
    return null;
  }
}

export const utcText = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/** The counters of the feed's month, as budget.ts reads them. */
export const spentOf = (feed: BankFeedRow) =>
  feed.budgetMonth ? { month: feed.budgetMonth, wide: feed.budgetWide, narrow: feed.budgetNarrow } : null;

/** The feed's budget as shown: what is left this month of each kind. */
export const feedBudget = (feed: BankFeedRow, now = new Date()) => budgetState(spentOf(feed), now);

/** The integration's API key on its row, sealed like the credentials, shared by every job and request. */
function integrationKeyStore(db: Db, cipherKey: string, settings: OpenFinanceSettingsRow): ApiKeyStore {
  // the key read with the settings serves the first call (a sync reads them with its feed, in one query)
  let withSettings =
    settings.apiKey && settings.apiKeyRenewAt !== null && settings.apiKeyRenewAt > Date.now();
  return {
    async read() {
      const row = withSettings
        ? { apiKey: settings.apiKey, renewAt: settings.apiKeyRenewAt }
        : await storedApiKey(db, settings.companyIntegrationId);
      withSettings = false;
      if (!row?.apiKey || row.renewAt === null) return null;
      const plain = (await decryptCredentials(cipherKey, settings.companyId, row.apiKey)) as {
        key?: unknown;
      } | null;
      return plain && typeof plain.key === "string" ? { value: plain.key, renewAt: row.renewAt } : null;
    },
    async write(key) {
      if (!settings.credentials) return;
      const sealed = await encryptCredentials(cipherKey, settings.companyId, { key: key.value });
      await keepApiKey(db, settings.companyIntegrationId, settings.credentials, sealed, key.renewAt);
    },
  };
}

/** The aggregator's API of an integration, or null when its settings cannot be used. */
export async function pluggyFor(
  env: Env,
  db: Db,
  settings: OpenFinanceSettingsRow,
): Promise<PluggyApi | null> {
  const credentials = await openCredentials(env, settings);
  if (!credentials || !settings.baseUrl || !env.HUB_CREDENTIALS_KEY) return null;
  return new PluggyApi({
    baseUrl: settings.baseUrl,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    production: env.ENVIRONMENT !== "development",
    timeoutMs: Number(env.OPENFINANCE_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS,
    apiKeyStore: integrationKeyStore(db, env.HUB_CREDENTIALS_KEY, settings),
  });
}

type DateRange = { from: string; to: string };
type SyncCursor = {
  refreshed: boolean;
  refresh: "asked" | "skipped" | "none";
  counts: SyncCounts;
  /** The dates of the lines this job wrote or posted (the CNAB credits are looked for around them). */
  written: DateRange | null;
};
type SyncCounts = {
  read: number;
  imported: number;
  posted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  duplicates: number;
  /** Movements an OFX upload or the Pix API already wrote (one movement, one line). */
  sameMovement: number;
  /** Lines kept for a movement the aggregator deleted and created again with a new id. */
  renamed: number;
  /** Pending lines the aggregator deleted. */
  removed: number;
  /** Posted lines the aggregator deleted: kept, marked withdrawn by the bank. */
  withdrawn: number;
  /** Feed credit lines reconciled with a CNAB return's liquidation already applied. */
  creditsReconciled: number;
};
const NO_COUNTS: SyncCounts = {
  read: 0,
  imported: 0,
  posted: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  duplicates: 0,
  sameMovement: 0,
  renamed: 0,
  removed: 0,
  withdrawn: 0,
  creditsReconciled: 0,
};

/** `range` widened to the dates given. */
function widen(range: DateRange | null, dates: string[]): DateRange | null {
  let out = range;
  for (const date of dates) {
    out = out
      ? { from: date < out.from ? date : out.from, to: date > out.to ? date : out.to }
      : { from: date, to: date };
  }
  return out;
}

/**
 * The lines of an upload or of the Pix API holding the key (FITID, endToEndId) of a movement the
 * feed has not stored yet: that movement is their line, not a new one.
 */
async function keyHoldersOf(
  db: Db,
  bankAccountId: number,
  transactions: FeedTransaction[],
  stored: StoredFeedLine[],
  today: string,
): Promise<KeyHolder[]> {
  const storedIds = new Set(stored.map((l) => l.feedTransactionId));
  const keys = transactions
    .filter((t) => !storedIds.has(t.id) && t.date <= today && t.amountCents !== 0)
    .map(movementKeys);
  const fitIds = keys.flatMap((k) => (k.fitId ? [k.fitId] : []));
  // as reported, and upper-cased (a line whose endToEndId differs only in case is the same movement)
  const endToEndIds = [
    ...new Set(keys.flatMap((k) => (k.endToEndId ? [k.endToEndId, k.endToEndId.toUpperCase()] : []))),
  ];
  if (fitIds.length === 0 && endToEndIds.length === 0) return [];
  return linesHoldingKeys(db, bankAccountId, { fitIds, endToEndIds });
}

/**
 * The aggregator ids the feed's standing lines of the window carry (`standing`) and the aggregator deleted:
 * not answered by the window, nor when asked by id (a movement re-dated out of the window is
 * still there). Asks nothing when the window answered every line.
 */
async function deletionsOf(
  api: PluggyApi,
  feed: BankFeedRow,
  standing: string[],
  sweep: TransactionSweep,
): Promise<FeedResult<string[]>> {
  const answered = new Set<string>(sweep.transactions.map((t) => t.id));
  for (const r of sweep.refused) if (r.id) answered.add(r.id);
  const missing = standing.filter((id) => !answered.has(id));
  if (missing.length === 0) return { ok: true, value: [] };
  const asked = await api.transactions({ accountId: feed.accountId, ids: missing });
  if (!asked.ok) return asked;
  const still = new Set<string>(asked.value.transactions.map((t) => t.id));
  for (const r of asked.value.refused) if (r.id) still.add(r.id);
  return { ok: true, value: missing.filter((id) => !still.has(id)) };
}

function savedCursor(text: string | null): SyncCursor {
  try {
    const saved = text ? (JSON.parse(text) as Partial<SyncCursor>) : {};
    return {
      refreshed: saved.refreshed === true,
      refresh: saved.refresh ?? "none",
      counts: { ...NO_COUNTS, ...(saved.counts ?? {}) },
      written: saved.written ?? null,
    };
  } catch {
    return { refreshed: false, refresh: "none", counts: NO_COUNTS, written: null };
  }
}

/** Records the aggregator's failure on the feed (a 429's wait too) and ends the job Failed with its reason. */
async function failed(
  db: Db,
  feed: BankFeedRow,
  result: FeedResult<unknown> & { ok: false },
): Promise<never> {
  const retryAfter =
    result.failure.kind === "rate_limited" ? utcText(new Date(result.failure.retryAt)) : feed.retryAfter;
  await updateFeed(db, feed.id, { lastError: result.reason, retryAfter });
  throw new JobFailure(result.reason);
}

/** The job's total and first counts, and the refusals' notes, written alone (no chunk to carry them). */
async function startCounts(db: Db, jobId: number, counts: SyncCounts, total: number, notes: string[]) {
  await setJobTotal(db, jobId, total, counts);
  if (notes.length === 0) return;
  await runStatements(
    db,
    insertJobErrors(
      db,
      notes.map((message, i) => ({ jobId, line: i + 1, message })),
    ),
  );
}

const byDateThenId = (a: FeedTransaction, b: FeedTransaction) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** `OpenFinanceSync`: the feed of one bank account. */
export async function syncFeed(context: JobContext): Promise<JobOutcome> {
  const { db, job, budget } = context;
  const params = syncParamsOf(job.params);
  if (!params) throw new JobFailure(M.syncParams);
  // the feed, the account, the integration and its stored key: one query
  const start = await syncStartOf(db, job.companyId, params.bankAccountId);
  if (!start) throw new JobFailure(M.feedGone);
  const { feed, integration } = start;
  if (!start.accountActive) throw new JobFailure(M.accountInactive);
  if (!integration?.settings) {
    await updateFeed(db, feed.id, { lastError: M.notConfigured, lastJobId: job.id });
    throw new JobFailure(M.notConfigured);
  }
  const now = new Date();
  if (feed.retryAfter && feed.retryAfter > utcText(now))
    throw new JobFailure(M.waitRateLimit(feed.retryAfter));
  const env = (context.env ?? {}) as Env;
  const api = await pluggyFor(env, db, integration.settings);
  if (!api) {
    await updateFeed(db, feed.id, { lastError: M.credentialsUnreadable, lastJobId: job.id });
    throw new JobFailure(M.credentialsUnreadable);
  }
  let cursor = savedCursor(job.cursor);
  const today = todayIn(DEFAULT_TIME_ZONE, now);
  // the window: the last days again (the aggregator may still post or change them), and a few days
  // ahead (a movement dated in the future is seen, and skipped with its reason)
  const from = feed.syncedThrough
    ? addDays(feed.syncedThrough < today ? feed.syncedThrough : today, -RESYNC_DAYS)
    : addDays(today, -FIRST_SYNC_DAYS);
  const windowQuery = { accountId: feed.accountId, from, to: addDays(today, FUTURE_DAYS_READ) };
  // a refresh at the institution is asked by hand only, once per job, after the item's state
  const refreshing = params.refresh && !cursor.refreshed;

  // the item's state first: an item that cannot be read tells the user what to do. Without a
  // refresh to ask, the window's first page is asked at the same time (the aggregator's copy: no
  // budget spent; dropped when the item turns out unreadable; the item's failure comes first)
  const [item, consents, firstPage] = await Promise.all([
    api.getItem(feed.itemId),
    api.listConsents(feed.itemId),
    refreshing ? Promise.resolve(undefined) : api.transactionPage(windowQuery),
  ]);
  if (!item.ok) return failed(db, feed, item);
  if (!consents.ok) return failed(db, feed, consents);
  const health = feedHealth(item.value, consents.value, now.getTime());
  if (!health.readable) {
    const reason = M.itemUnreadable(health.action ?? health.state);
    await updateFeed(db, feed.id, {
      state: health.state,
      userAction: health.action,
      lastError: reason,
      lastJobId: job.id,
    });
    throw new JobFailure(reason);
  }

  // a refresh at the institution: asked by hand only, once per job, within the month's budget
  if (refreshing) {
    const decision = decideRead(spentOf(feed), narrowWindow(today).from, now);
    const notes: string[] = [];
    if (decision.allowed) {
      const spent = spend(spentOf(feed), decision.kind, now);
      cursor = { ...cursor, refreshed: true, refresh: "asked" };
      // spent before it is sent: a redelivery or a failure never asks (nor spends) again
      await db.batch([
        updateFeedStatement(db, feed.id, {
          budgetMonth: spent.month,
          budgetWide: spent.wide,
          budgetNarrow: spent.narrow,
        }),
        advanceJobProgress(db, job.id, job.processed, job.processed, cursor.counts, cursor),
      ]);
      const refreshed = await api.requestUpdate(feed.itemId);
      if (!refreshed.ok) return failed(db, feed, refreshed);
    } else {
      cursor = { ...cursor, refreshed: true, refresh: "skipped" };
      notes.push(M.refreshSkipped(decision.reason));
      await db.batch([
        advanceJobProgress(db, job.id, job.processed, job.processed, cursor.counts, cursor),
        ...insertJobErrors(
          db,
          notes.map((message) => ({ jobId: job.id, line: 0, message })),
        ),
      ]);
    }
  }

  // the window, page after page (from the first page asked above when no refresh was to be asked)
  const sweep = await api.transactions(windowQuery, firstPage);
  if (!sweep.ok) return failed(db, feed, sweep);
  const transactions = [...sweep.value.transactions].sort(byDateThenId);
  const scope = {
    companyId: job.companyId,
    bankAccountId: params.bankAccountId,
    jobId: job.id,
    userId: job.createdBy,
  };
  let processed = job.processed;
  /** The refusals' notes and the total, written with the first chunk (or alone when nothing is to be written). */
  let firstNotes: string[] = [];
  const first = processed === 0;
  if (first) {
    cursor = {
      ...cursor,
      counts: {
        ...cursor.counts,
        read: transactions.length,
        skipped: sweep.value.refused.length,
        duplicates: sweep.value.duplicates,
      },
    };
    firstNotes = refusalNotes(sweep.value.refused);
  }

  // what the account already has: the feed's lines of these ids and its standing lines of the
  // window (read at once), then other sources' lines of the new movements' keys
  const [stored, standing] = await Promise.all([
    feedLinesOf(
      db,
      params.bankAccountId,
      transactions.map((t) => t.id),
    ),
    standingFeedIdsDated(db, scope.companyId, scope.bankAccountId, { from, to: today }),
  ]);
  const holders = await keyHoldersOf(db, params.bankAccountId, transactions, stored, today);
  // deletions: the feed's standing lines of the window the aggregator no longer answers
  const deleted = await deletionsOf(api, feed, standing, sweep.value);
  if (!deleted.ok) {
    // the job keeps what it read (its total, counts and the refusals' notes), as when nothing is to be written
    if (first) await startCounts(db, job.id, cursor.counts, transactions.length, firstNotes);
    return failed(db, feed, deleted);
  }
  // renames and deletions (docs/OPEN-FINANCE.md, "Renamed and withdrawn movements")
  const created = planFeedLines(transactions, stored, today, holders).inserts.map((l) => ({
    id: l.transactionId,
    bankAccountId: params.bankAccountId,
    date: l.date,
    value: l.value,
    description: l.description,
    pending: l.pending === 1,
  }));
  const changes =
    deleted.value.length > 0 || created.length > 0
      ? await planFeedChanges(db, scope, deleted.value, created)
      : null;
  const toCreate = changes ? new Set(changes.toCreate.map((c) => c.id)) : null;
  // a kept line stands for its creation: brought up to date (posted...) as the creation's own line would be
  const storedNow: StoredFeedLine[] = [
    ...stored,
    ...(changes?.renamed ?? []).map((r) => ({
      id: r.lineId,
      feedTransactionId: r.feedTransactionId,
      pending: r.pending ? 1 : 0,
      statusId: 0,
      date: r.date,
      value: r.value,
    })),
  ];
  let changeStatements = changes?.statements ?? [];
  if (changes) {
    cursor = {
      ...cursor,
      counts: {
        ...cursor.counts,
        renamed: cursor.counts.renamed + changes.counts.renamed,
        removed: cursor.counts.removed + changes.counts.removed,
        withdrawn: cursor.counts.withdrawn + changes.counts.withdrawn,
      },
    };
  }

  if (first && transactions.length === 0 && changeStatements.length === 0) {
    // nothing to write: the total and the refusals' notes alone
    await startCounts(db, job.id, cursor.counts, 0, firstNotes);
    firstNotes = [];
  }
  while (processed < transactions.length || changeStatements.length > 0) {
    if (!budget.take()) return { status: "continue" };
    const chunk = transactions.slice(processed, processed + FEED_TRANSACTIONS_PER_CHUNK);
    const plan = planFeedLines(chunk, storedNow, today, holders);
    const inserts = toCreate ? plan.inserts.filter((l) => toCreate.has(l.transactionId)) : plan.inserts;
    const counts: SyncCounts = {
      ...cursor.counts,
      imported: cursor.counts.imported + inserts.length,
      posted: cursor.counts.posted + plan.posted,
      updated: cursor.counts.updated + plan.changes.length - plan.posted,
      unchanged: cursor.counts.unchanged + plan.unchanged,
      sameMovement: cursor.counts.sameMovement + plan.sameMovement,
      skipped: cursor.counts.skipped + plan.skipped.length,
    };
    const next: SyncCursor = {
      ...cursor,
      counts,
      written: widen(
        cursor.written,
        [...inserts, ...plan.changes].map((l) => l.date),
      ),
    };
    const errorLine = sweep.value.refused.length + processed + 1;
    try {
      await db.batch([
        advanceJobProgress(
          db,
          job.id,
          processed,
          processed + chunk.length,
          counts,
          next,
          // the first chunk also sets the job's total (its guard: processed still 0)
          processed === 0 ? transactions.length : undefined,
        ),
        ...insertJobErrors(
          db,
          firstNotes.map((message, i) => ({ jobId: job.id, line: i + 1, message })),
        ),
        // before the renames: a kept line still pending posts here (its guard reads pending = 1)
        ...updatePendingFeedLines(db, job.id, plan.changes),
        ...changeStatements,
        ...insertFeedLines(db, scope, inserts),
        ...insertJobErrors(
          db,
          plan.skipped.map((message, i) => ({ jobId: job.id, line: errorLine + i, message })),
        ),
      ] as unknown as Parameters<typeof db.batch>[0]);
    } catch (error) {
      const current = await findJobById(db, job.id);
      if (current && (current.processed !== processed || current.status !== "Processing")) {
        throw new ProgressConflict(`feed sync job ${job.id} moved by another delivery`);
      }
      throw error;
    }
    processed += chunk.length;
    cursor = next;
    changeStatements = [];
    firstNotes = [];
  }

  // a CNAB return's credit already applied takes its feed line first (docs/OPEN-FINANCE.md, "One movement, one line")
  if (cursor.written) {
    const reconciled = await reconcileFeedCredits(db, scope, cursor.written);
    if (reconciled > 0) {
      cursor = {
        ...cursor,
        counts: { ...cursor.counts, creditsReconciled: cursor.counts.creditsReconciled + reconciled },
      };
    }
  }

  // the rules run over the lines this job stored or posted (pending lines never: run-rules); none
  // when it wrote or posted none (`written` stays null: a re-sync with nothing new)
  if (cursor.written) {
    const ruled = await runRules(
      db,
      {
        companyId: job.companyId,
        bankAccountId: params.bankAccountId,
        importedByJob: job.id,
        jobId: job.id,
        userId: job.createdBy,
        trackProgress: false,
      },
      budget,
    );
    if (ruled.status === "continue") return ruled;
  }
  // the feed's state, then the job's counts and the feed's budget: one batch
  const end = await finishSyncReads(
    db,
    feed.id,
    {
      state: health.state,
      userAction: health.action,
      lastError: null,
      lastSyncAt: utcText(new Date()),
      syncedThrough: today,
      retryAfter: null,
      lastJobId: job.id,
    },
    scope,
  );
  const budgetNow = feedBudget(end.feed ?? feed);
  const result = {
    ...cursor.counts,
    autoReconciled: end.counts.autoReconciled ?? 0,
    pending: end.pending,
    refreshAsked: cursor.refresh === "asked" ? 1 : 0,
    refreshSkipped: cursor.refresh === "skipped" ? 1 : 0,
    budgetWideLeft: budgetNow.wide.left,
    budgetNarrowLeft: budgetNow.narrow.left,
  };
  return { status: "done", result };
}

export type SyncRequest = { jobId: number; created: boolean };

/**
 * A sync job of the feed, unless one with the same params is already waiting or running (then
 * that one). A job still Pending gets its message again, which repairs a send that failed.
 */
export async function createSyncJob(
  deps: JobDeps,
  companyId: number,
  bankAccountId: number,
  refresh: boolean,
  userId: number | null,
): Promise<SyncRequest> {
  const params = syncJobParams(bankAccountId, refresh);
  const jobId = await insertSyncJobIfNone(deps.db, companyId, params, userId);
  const open = jobId === null ? await openSyncJob(deps.db, companyId, params) : undefined;
  const id = jobId ?? open?.id;
  if (id === undefined) return createSyncJob(deps, companyId, bankAccountId, refresh, userId);
  if (jobId !== null || open?.status === "Pending") {
    try {
      await deps.queue.send({ type: "OpenFinanceSync", account: deps.account, jobId: id });
    } catch (error) {
      log("error", "job message not sent", { account: deps.account, jobId: id, ...errorFields(error) });
      throw new ApiError(500, QUEUE_FAILURE);
    }
  }
  return { jobId: id, created: jobId !== null };
}

/** The cron: one sync per feed not synced for `SCHEDULE_INTERVAL_HOURS` and not waiting for a 429. */
export async function scheduleFeedSyncs(deps: JobDeps, now: Date): Promise<number> {
  const since = utcText(new Date(now.getTime() - SCHEDULE_INTERVAL_HOURS * 3_600_000 + 60_000));
  let created = 0;
  for (const feed of await feedsDue(deps.db, utcText(now), since)) {
    const job = await createSyncJob(deps, feed.companyId, feed.bankAccountId, false, null);
    if (job.created) created++;
  }
  return created;
}
