import { and, eq, isNull, sql } from "drizzle-orm";
import {
  bankAccounts,
  bankFeeds,
  bankLines,
  companyIntegrations,
  jobs,
  openFinanceIntegrations,
  openFinanceWebhookEvents,
} from "../../drizzle/schema";
import { LINE_STATUS } from "../domain/reconciliation/line-statuses";
import { BANK_FEED_ORIGIN } from "../domain/statement/line-origins";
import type { Db } from "../env";
import { rawStatement } from "./raw-statement";
import { inGroups, type Statement, utcNow } from "./sql";

/**
 * Open Finance feeds (issue 43): the integration's settings (`openfinance_integrations`), the feed of
 * each bank account (`bank_feeds`), the aggregator's notifications (`openfinance_webhook_events`) and
 * the feed's lines among the bank lines. Multi-row writes read their rows from one JSON parameter
 * (`json_each`), so a chunk of a thousand movements is a few statements in one batch.
 */

export type OpenFinanceSettingsRow = typeof openFinanceIntegrations.$inferSelect;
export type BankFeedRow = typeof bankFeeds.$inferSelect;

/** The integration kind of an Open Finance integration (`company_integrations.kind`). */
export const OPENFINANCE_KIND = "OPENFINANCE";

/** A company's active integration and, when configured, its Open Finance settings. */
export async function findOpenFinanceIntegration(
  db: Db,
  companyId: number,
  integrationId: number,
): Promise<{ description: string; kind: string; settings: OpenFinanceSettingsRow | null } | undefined> {
  const row = await db
    .select({
      description: companyIntegrations.description,
      kind: companyIntegrations.kind,
      settings: openFinanceIntegrations,
    })
    .from(companyIntegrations)
    .leftJoin(
      openFinanceIntegrations,
      eq(openFinanceIntegrations.companyIntegrationId, companyIntegrations.id),
    )
    .where(
      and(
        eq(companyIntegrations.id, integrationId),
        eq(companyIntegrations.companyId, companyId),
        eq(companyIntegrations.status, 1),
      ),
    )
    .get();
  if (!row) return undefined;
  const settings = row.settings && row.settings.companyId === companyId ? row.settings : null;
  return { description: row.description, kind: row.kind, settings };
}

/** An active, configured Open Finance integration by its id alone (the webhook: no caller yet). */
export async function openFinanceSettingsById(
  db: Db,
  integrationId: number,
): Promise<OpenFinanceSettingsRow | undefined> {
  const row = await db
    .select({ settings: openFinanceIntegrations })
    .from(openFinanceIntegrations)
    .innerJoin(
      companyIntegrations,
      and(
        eq(companyIntegrations.id, openFinanceIntegrations.companyIntegrationId),
        eq(companyIntegrations.companyId, openFinanceIntegrations.companyId),
        eq(companyIntegrations.kind, OPENFINANCE_KIND),
        eq(companyIntegrations.status, 1),
      ),
    )
    .where(eq(openFinanceIntegrations.companyIntegrationId, integrationId))
    .get();
  return row?.settings;
}

export type OpenFinanceSettingsValues = {
  baseUrl: string | null;
  credentials: string | null;
  webhookSecret: string;
  previousWebhookSecret: string | null;
};

/** Creates or replaces the settings; a new address or credentials void the stored API key. */
export async function saveOpenFinanceSettings(
  db: Db,
  companyId: number,
  integrationId: number,
  values: OpenFinanceSettingsValues,
  clearApiKey: boolean,
): Promise<void> {
  await db
    .insert(openFinanceIntegrations)
    .values({ companyIntegrationId: integrationId, companyId, ...values })
    .onConflictDoUpdate({
      target: openFinanceIntegrations.companyIntegrationId,
      set: {
        ...values,
        ...(clearApiKey ? { apiKey: null, apiKeyRenewAt: null } : {}),
        updatedAt: utcNow,
      },
      where: eq(openFinanceIntegrations.companyId, companyId),
    });
}

/** The stored API key (sealed) of the integration. */
export async function storedApiKey(db: Db, integrationId: number) {
  return db
    .select({ apiKey: openFinanceIntegrations.apiKey, renewAt: openFinanceIntegrations.apiKeyRenewAt })
    .from(openFinanceIntegrations)
    .where(eq(openFinanceIntegrations.companyIntegrationId, integrationId))
    .get();
}

/** Keeps a new API key, only while the credentials it was asked with are still the stored ones. */
export async function keepApiKey(
  db: Db,
  integrationId: number,
  credentials: string,
  sealed: string,
  renewAt: number,
): Promise<void> {
  await db
    .update(openFinanceIntegrations)
    .set({ apiKey: sealed, apiKeyRenewAt: renewAt })
    .where(
      and(
        eq(openFinanceIntegrations.companyIntegrationId, integrationId),
        eq(openFinanceIntegrations.credentials, credentials),
      ),
    );
}

/** Whether the bank account is an active one of the company. */
export async function activeAccountOfCompany(db: Db, companyId: number, bankAccountId: number) {
  const row = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.id, bankAccountId),
        eq(bankAccounts.companyId, companyId),
        eq(bankAccounts.status, 1),
      ),
    )
    .get();
  return row !== undefined;
}

/** The feed of a bank account of the company. */
export async function findFeed(
  db: Db,
  companyId: number,
  bankAccountId: number,
): Promise<BankFeedRow | undefined> {
  return db
    .select()
    .from(bankFeeds)
    .where(and(eq(bankFeeds.bankAccountId, bankAccountId), eq(bankFeeds.companyId, companyId)))
    .get();
}

/** What a sync needs before it calls the aggregator (`syncStartOf`). */
type SyncStart = {
  feed: BankFeedRow;
  /** The bank account is an active one of the company. */
  accountActive: boolean;
  /** The feed's integration, when it is an active one of the company (`settings` null: not configured). */
  integration: { settings: OpenFinanceSettingsRow | null } | undefined;
};

/**
 * The feed of a bank account of the company, whether the account is active, and its integration
 * with its settings (and stored API key), in ONE query: what `findFeed`, `activeAccountOfCompany`,
 * `findOpenFinanceIntegration` and `storedApiKey` read one by one.
 */
export async function syncStartOf(
  db: Db,
  companyId: number,
  bankAccountId: number,
): Promise<SyncStart | undefined> {
  const row = await db
    .select({
      feed: bankFeeds,
      accountId: bankAccounts.id,
      integrationId: companyIntegrations.id,
      settings: openFinanceIntegrations,
    })
    .from(bankFeeds)
    .leftJoin(
      bankAccounts,
      and(
        eq(bankAccounts.id, bankFeeds.bankAccountId),
        eq(bankAccounts.companyId, companyId),
        eq(bankAccounts.status, 1),
      ),
    )
    .leftJoin(
      companyIntegrations,
      and(
        eq(companyIntegrations.id, bankFeeds.companyIntegrationId),
        eq(companyIntegrations.companyId, companyId),
        eq(companyIntegrations.status, 1),
      ),
    )
    .leftJoin(
      openFinanceIntegrations,
      eq(openFinanceIntegrations.companyIntegrationId, companyIntegrations.id),
    )
    .where(and(eq(bankFeeds.bankAccountId, bankAccountId), eq(bankFeeds.companyId, companyId)))
    .get();
  if (!row) return undefined;
  const settings = row.settings && row.settings.companyId === companyId ? row.settings : null;
  return {
    feed: row.feed,
    accountActive: row.accountId !== null,
    integration: row.integrationId === null ? undefined : { settings },
  };
}

/**
 * The end of a sync, in one batch of two statements: the feed's new state written, then in one query
 * the feed as it stands now (its budget), the job's counts (its result JSON, where the rules add
 * `autoReconciled`) and the lines of the job the rules left pending (as `countPendingLines` counts
 * them).
 */
export async function finishSyncReads(
  db: Db,
  feedId: number,
  change: FeedStateChange,
  scope: { companyId: number; bankAccountId: number; jobId: number },
): Promise<{ counts: Record<string, number>; pending: number; feed: BankFeedRow | undefined }> {
  const pendingOfJob = db
    .select({ n: sql<number>`count(*)` })
    .from(bankLines)
    .where(
      and(
        eq(bankLines.companyId, scope.companyId),
        eq(bankLines.bankAccountId, scope.bankAccountId),
        eq(bankLines.statusId, LINE_STATUS.pending),
        eq(bankLines.pending, 0),
        isNull(bankLines.withdrawnAt),
        eq(bankLines.jobId, scope.jobId),
      ),
    );
  const resultOfJob = db.select({ result: jobs.result }).from(jobs).where(eq(jobs.id, scope.jobId));
  const [, rows] = await db.batch([
    updateFeedStatement(db, feedId, change),
    db
      .select({
        feed: bankFeeds,
        result: sql<string | null>`(${resultOfJob})`,
        pending: sql<number>`(${pendingOfJob})`,
      })
      .from(bankFeeds)
      .where(eq(bankFeeds.id, feedId)),
  ]);
  const row = rows[0];
  let counts: Record<string, number> = {};
  try {
    const parsed = JSON.parse(row?.result ?? "{}");
    if (parsed && typeof parsed === "object") counts = parsed;
  } catch {
    // a result that is not JSON counts nothing
  }
  return { counts, pending: Number(row?.pending ?? 0), feed: row?.feed };
}

/** The feed reading this aggregator account through the integration, if any (another bank account's too). */
export async function feedOfAggregatorAccount(db: Db, integrationId: number, accountId: string) {
  return db
    .select()
    .from(bankFeeds)
    .where(and(eq(bankFeeds.companyIntegrationId, integrationId), eq(bankFeeds.accountId, accountId)))
    .get();
}

export type FeedValues = { companyIntegrationId: number; itemId: string; accountId: string };

/**
 * Creates the account's feed or points it elsewhere. A feed pointed at another integration, item or
 * aggregator account starts again (state `new`, nothing synced, no wait); the month's budget stays
 * (it is the institution's, spent whatever the feed's settings).
 */
export async function saveFeed(db: Db, companyId: number, bankAccountId: number, values: FeedValues) {
  const moved = sql`(${bankFeeds.companyIntegrationId} <> ${values.companyIntegrationId}
    OR ${bankFeeds.itemId} <> ${values.itemId} OR ${bankFeeds.accountId} <> ${values.accountId})`;
  await db
    .insert(bankFeeds)
    .values({ companyId, bankAccountId, ...values })
    .onConflictDoUpdate({
      target: bankFeeds.bankAccountId,
      set: {
        ...values,
        state: sql`CASE WHEN ${moved} THEN 'new' ELSE ${bankFeeds.state} END`,
        userAction: sql`CASE WHEN ${moved} THEN NULL ELSE ${bankFeeds.userAction} END`,
        lastError: sql`CASE WHEN ${moved} THEN NULL ELSE ${bankFeeds.lastError} END`,
        syncedThrough: sql`CASE WHEN ${moved} THEN NULL ELSE ${bankFeeds.syncedThrough} END`,
        retryAfter: sql`CASE WHEN ${moved} THEN NULL ELSE ${bankFeeds.retryAfter} END`,
        status: 1,
        updatedAt: utcNow,
      },
      where: eq(bankFeeds.companyId, companyId),
    });
}

/** Removes the account's feed (its lines stay on the statement). */
export async function deleteFeed(db: Db, companyId: number, bankAccountId: number): Promise<boolean> {
  const rows = await db
    .delete(bankFeeds)
    .where(and(eq(bankFeeds.bankAccountId, bankAccountId), eq(bankFeeds.companyId, companyId)))
    .returning({ id: bankFeeds.id });
  return rows.length > 0;
}

/** What a sync leaves on its feed. */
export type FeedStateChange = Partial<
  Pick<
    BankFeedRow,
    | "state"
    | "userAction"
    | "lastError"
    | "lastSyncAt"
    | "syncedThrough"
    | "retryAfter"
    | "lastJobId"
    | "budgetMonth"
    | "budgetWide"
    | "budgetNarrow"
  >
>;

export function updateFeedStatement(db: Db, feedId: number, change: FeedStateChange): Statement {
  return db
    .update(bankFeeds)
    .set({ ...change, updatedAt: utcNow })
    .where(eq(bankFeeds.id, feedId));
}

export async function updateFeed(db: Db, feedId: number, change: FeedStateChange): Promise<void> {
  await updateFeedStatement(db, feedId, change);
}

/** The feeds of an aggregator item in an integration (a notification names the item). */
export async function feedsOfItem(db: Db, integrationId: number, itemId: string): Promise<BankFeedRow[]> {
  return db
    .select()
    .from(bankFeeds)
    .where(and(eq(bankFeeds.companyIntegrationId, integrationId), eq(bankFeeds.itemId, itemId)));
}

/**
 * Feeds the cron syncs: active, of an active Open Finance integration, not synced since `since`
 * and not waiting for a 429's time (UTC texts `YYYY-MM-DD HH:MM:SS`).
 */
export async function feedsDue(db: Db, now: string, since: string) {
  return db
    .select({ companyId: bankFeeds.companyId, bankAccountId: bankFeeds.bankAccountId })
    .from(bankFeeds)
    .innerJoin(
      companyIntegrations,
      and(
        eq(companyIntegrations.id, bankFeeds.companyIntegrationId),
        eq(companyIntegrations.companyId, bankFeeds.companyId),
        eq(companyIntegrations.status, 1),
      ),
    )
    .innerJoin(bankAccounts, and(eq(bankAccounts.id, bankFeeds.bankAccountId), eq(bankAccounts.status, 1)))
    .where(
      and(
        eq(bankFeeds.status, 1),
        sql`(${bankFeeds.lastSyncAt} IS NULL OR ${bankFeeds.lastSyncAt} <= ${since})`,
        sql`(${bankFeeds.retryAfter} IS NULL OR ${bankFeeds.retryAfter} <= ${now})`,
      ),
    )
    .orderBy(bankFeeds.id);
}

/** Route of the feed's sync jobs in the jobs table (no file; the params name the bank account). */
export const FEED_SYNC_ROUTE = "openfinance-sync";
export const FEED_SYNC_TYPE = "OpenFinanceSync";

/**
 * A sync job of the feed with these params, unless one with the same params is still Pending or
 * Processing (then null): one statement decides between concurrent asks.
 */
export async function insertSyncJobIfNone(
  db: Db,
  companyId: number,
  params: string,
  userId: number | null,
): Promise<number | null> {
  const row = await db.get<{ id: number } | undefined>(sql`
    INSERT INTO ${jobs} (company_id, route, type, params, file_key, file_name, content_type, size_bytes, file_hash, created_by)
    SELECT ${companyId}, ${FEED_SYNC_ROUTE}, ${FEED_SYNC_TYPE}, ${params}, '', '', '', 0,
      ${`${FEED_SYNC_ROUTE}:${crypto.randomUUID()}`}, ${userId}
    WHERE NOT EXISTS (SELECT 1 FROM ${jobs} WHERE company_id = ${companyId} AND route = ${FEED_SYNC_ROUTE}
      AND params = ${params} AND status IN ('Pending', 'Processing'))
    RETURNING id`);
  return row?.id ?? null;
}

/** The open sync job of these params, if any. */
export async function openSyncJob(db: Db, companyId: number, params: string) {
  return db
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, companyId),
        eq(jobs.route, FEED_SYNC_ROUTE),
        eq(jobs.params, params),
        sql`${jobs.status} IN ('Pending', 'Processing')`,
      ),
    )
    .get();
}

/**
 * Stores a notification once per integration and event id: the row's id, or null when the event
 * was already stored (a replay).
 */
export async function storeWebhookEvent(
  db: Db,
  row: {
    companyId: number;
    companyIntegrationId: number;
    eventId: string;
    event: string;
    itemId: string | null;
    accountId: string | null;
    state: string;
    reason: string | null;
  },
): Promise<number | null> {
  const rows = await db
    .insert(openFinanceWebhookEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: openFinanceWebhookEvents.id });
  return rows[0]?.id ?? null;
}

export async function deleteWebhookEvent(db: Db, id: number): Promise<void> {
  await db.delete(openFinanceWebhookEvents).where(eq(openFinanceWebhookEvents.id, id));
}

export async function setWebhookEventJob(db: Db, id: number, jobId: number): Promise<void> {
  await db.update(openFinanceWebhookEvents).set({ jobId }).where(eq(openFinanceWebhookEvents.id, id));
}

/** A feed line as the sync compares it with the aggregator's movement. */
export type StoredFeedLine = {
  id: number;
  feedTransactionId: string;
  pending: number;
  statusId: number;
  date: string;
  value: number;
};

/** The account's lines of these aggregator ids (one query per group of ids, a JSON parameter each). */
export async function feedLinesOf(db: Db, bankAccountId: number, ids: string[]): Promise<StoredFeedLine[]> {
  const found: StoredFeedLine[] = [];
  for (const group of inGroups(ids, 5000)) {
    const rows = await db
      .select({
        id: bankLines.id,
        feedTransactionId: sql<string>`${bankLines.feedTransactionId}`,
        pending: bankLines.pending,
        statusId: bankLines.statusId,
        date: bankLines.date,
        value: bankLines.value,
      })
      .from(bankLines)
      .where(
        and(
          eq(bankLines.bankAccountId, bankAccountId),
          sql`${bankLines.feedTransactionId} IN (SELECT value FROM json_each(${JSON.stringify(group)}))`,
        ),
      );
    found.push(...rows);
  }
  return found;
}

/**
 * The aggregator ids of the account's standing feed lines dated `from` to `to` (São Paulo days):
 * those a sync's window should answer again (one not answered may have been deleted).
 */
export async function standingFeedIdsDated(
  db: Db,
  companyId: number,
  bankAccountId: number,
  range: { from: string; to: string },
): Promise<string[]> {
  const rows = await db
    .select({ id: sql<string>`${bankLines.feedTransactionId}` })
    .from(bankLines)
    .where(
      and(
        eq(bankLines.bankAccountId, bankAccountId),
        eq(bankLines.companyId, companyId),
        sql`${bankLines.date} BETWEEN ${range.from} AND ${range.to}`,
        sql`${bankLines.feedTransactionId} IS NOT NULL`,
        isNull(bankLines.withdrawnAt),
      ),
    );
  return rows.map((r) => r.id);
}

/** A line of another source (an upload, the Pix API) holding a movement's key on the account. */
export type KeyHolder = {
  id: number;
  fitId: string | null;
  endToEndId: string | null;
  dedupeKey: string;
  value: number;
};

/**
 * The account's lines of other sources than a feed holding one of these FITIDs (an upload's `fit:`
 * line) or endToEndIds (UNIQUE per account: at most one line each). One query per group of keys,
 * each group one JSON parameter.
 */
export async function linesHoldingKeys(
  db: Db,
  bankAccountId: number,
  keys: { fitIds: string[]; endToEndIds: string[] },
): Promise<KeyHolder[]> {
  const found: KeyHolder[] = [];
  const groups = inGroups(
    [...keys.fitIds.map((k) => ["f", k]), ...keys.endToEndIds.map((k) => ["e", k])],
    5000,
  );
  for (const group of groups) {
    const fit = JSON.stringify(group.filter(([kind]) => kind === "f").map(([, k]) => k));
    const e2e = JSON.stringify(group.filter(([kind]) => kind === "e").map(([, k]) => k));
    const rows = await db
      .select({
        id: bankLines.id,
        fitId: bankLines.fitId,
        endToEndId: bankLines.endToEndId,
        dedupeKey: bankLines.dedupeKey,
        value: bankLines.value,
      })
      .from(bankLines)
      .where(
        and(
          eq(bankLines.bankAccountId, bankAccountId),
          sql`${bankLines.feedTransactionId} IS NULL`,
          sql`((${bankLines.fitId} IN (SELECT value FROM json_each(${fit}))
              AND ${bankLines.dedupeKey} = 'fit:' || ${bankLines.fitId})
            OR ${bankLines.endToEndId} IN (SELECT value FROM json_each(${e2e})))`,
        ),
      );
    found.push(...rows);
  }
  return found;
}

/** A new line of the feed. */
export type NewFeedLine = {
  transactionId: string;
  date: string;
  value: number;
  description: string;
  pending: 0 | 1;
  /** The institution's id of the movement (`providerId`, trimmed; none when blank or zeros). */
  fitId: string | null;
  /** The Pix endToEndId, upper-cased. */
  endToEndId: string | null;
  payerDocument: string | null;
  payerName: string | null;
};

/** Lines per INSERT: the rows travel as one JSON parameter (D1's 100 bound parameters do not cut them). */
export const FEED_LINES_PER_STATEMENT = 1000;

export type FeedScope = { companyId: number; bankAccountId: number; jobId: number; userId: number | null };

/**
 * New feed lines (status 1, origin `OpenFinance`, dedupe key `of:<aggregator id>`, tagged with the
 * job), carrying the institution's id (`fit_id`) and the Pix endToEndId. A line whose aggregator id,
 * dedupe key, FITID (an upload's line) or endToEndId (the Pix API's) the account already has is left
 * alone (`ON CONFLICT DO NOTHING`, no target: the UNIQUE indexes decide even between writers at once).
 */
export function insertFeedLines(db: Db, scope: FeedScope, lines: NewFeedLine[]): Statement[] {
  return inGroups(lines, FEED_LINES_PER_STATEMENT).map((group) =>
    rawStatement(
      db,
      sql`INSERT INTO ${bankLines}
        (company_id, bank_account_id, date, value, description, fit_id, dedupe_key, status_id, job_id,
         end_to_end_id, payer_document, payer_name, origin, feed_transaction_id, pending, created_by)
      SELECT ${scope.companyId}, ${scope.bankAccountId}, json_extract(l.value, '$[1]'), json_extract(l.value, '$[2]'),
        json_extract(l.value, '$[3]'), json_extract(l.value, '$[8]'), 'of:' || json_extract(l.value, '$[0]'), 1,
        ${scope.jobId}, json_extract(l.value, '$[5]'), json_extract(l.value, '$[6]'), json_extract(l.value, '$[7]'),
        ${BANK_FEED_ORIGIN}, json_extract(l.value, '$[0]'), json_extract(l.value, '$[4]'), ${scope.userId}
      FROM json_each(${JSON.stringify(
        group.map((l) => [
          l.transactionId,
          l.date,
          l.value,
          l.description,
          l.pending,
          l.endToEndId,
          l.payerDocument,
          l.payerName,
          l.fitId,
        ]),
      )}) AS l
      WHERE true
      ON CONFLICT DO NOTHING`,
    ),
  );
}

/** A pending line's new reading: posted (`pending` 0: the job becomes its job, so its rules run) or still pending. */
export type FeedLineChange = {
  lineId: number;
  date: string;
  value: number;
  description: string;
  pending: 0 | 1;
};

/**
 * Pending lines brought up to date, set-based: only lines still pending change (a line posted by a
 * concurrent sync is left alone). A posting line takes the job's id, so the job's rule run sees it.
 */
export function updatePendingFeedLines(db: Db, jobId: number, changes: FeedLineChange[]): Statement[] {
  return inGroups(changes, FEED_LINES_PER_STATEMENT).map((group) =>
    rawStatement(
      db,
      sql`UPDATE ${bankLines} SET
        date = json_extract(u.value, '$[1]'),
        value = json_extract(u.value, '$[2]'),
        description = json_extract(u.value, '$[3]'),
        pending = json_extract(u.value, '$[4]'),
        job_id = CASE WHEN json_extract(u.value, '$[4]') = 0 THEN ${jobId} ELSE job_id END
      FROM json_each(${JSON.stringify(
        group.map((c) => [c.lineId, c.date, c.value, c.description, c.pending]),
      )}) AS u
      WHERE ${bankLines}.id = json_extract(u.value, '$[0]') AND ${bankLines}.pending = 1
        AND ${bankLines}.status_id = 1`,
    ),
  );
}

/** Pending feed lines of the account and their sum (the forecast's share). */
export async function pendingFeedTotal(
  db: Db,
  bankAccountId: number,
): Promise<{ count: number; sum: number }> {
  const row = await db
    .select({ count: sql<number>`count(*)`, sum: sql<number>`coalesce(sum(${bankLines.value}), 0)` })
    .from(bankLines)
    .where(
      and(
        eq(bankLines.bankAccountId, bankAccountId),
        eq(bankLines.pending, 1),
        sql`${bankLines.withdrawnAt} IS NULL`,
      ),
    )
    .get();
  return { count: Number(row?.count ?? 0), sum: Number(row?.sum ?? 0) };
}
