import { and, eq, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  bankLines,
  conciliationLinks,
  entries,
  jobs,
  reconciliationAudit,
  titles,
  transfers,
} from "../../drizzle/schema";
import type { ReconcilingWrite, RuleRecord } from "../domain/auto-reconciliation/decision-writes";
import { LINE_STATUS, LINE_STATUS_REFUSED } from "../domain/reconciliation/line-statuses";
import { TITLE_STATUS } from "../domain/titles/statuses";
import type { Db } from "../env";
import { isConstraintError } from "../lib/errors";
import { resultCount } from "./bank-line-import";
import { newUid } from "./ledger";
import { rawStatement } from "./raw-statement";
import { inGroups, inList } from "./sql";
import { settledColumns } from "./title-settlement";
import { newTransferUids, type TransferUids } from "./transfers";

/**
 * Writes of the automatic reconciliation, set-based: a batch of decisions is a handful of
 * statements whatever its size, each reading its rows from one JSON parameter (`json_each`), so
 * thousands of decisions cost milliseconds instead of one statement round each. Every decision is
 * still all or nothing, since the batch is; and what a concurrent request could take meanwhile is
 * guarded by a constraint, so a conflicting batch fails and is split (see `writeDecisions`).
 *
 * In the UPDATE ... FROM statements the company and status conditions are written `+column`: that
 * keeps SQLite from driving the update by the company index (a scan of every row of the company
 * per JSON row) instead of looking each row up by its primary key.
 */

/** Who a run writes for: the company, and the job and user it is recorded under. */
export type RunScope = { companyId: number; jobId: number; userId: number | null };

/**
 * Keys of the legs posted in one run, by the line whose decision posted them: a later decision of
 * the same run links the other leg (`link-posted-leg`). When the posting failed, the key finds no
 * entry and the link's NOT NULL refuses that later decision too.
 */
export type PostedLegs = Map<number, string>;

/** A decision with the client-side keys of the rows it creates, fixed once so a retry reuses them. */
export type KeyedWrite = {
  write: ReconcilingWrite;
  /** The entry the line is linked to: by key (posted in this run) or by id (an existing leg). */
  link: { uid: string } | { entryId: number };
  postedByLink: 0 | 1;
  transfer?: TransferUids;
};

/** Assigns the keys of every decision, in order (a posted transfer's other leg is then known). */
export function keyWrites(writes: ReconcilingWrite[], posted: PostedLegs): KeyedWrite[] {
  return writes.map((write): KeyedWrite => {
    if (write.kind === "settle-title") return { write, link: { uid: newUid() }, postedByLink: 1 };
    if (write.kind === "link-leg") return { write, link: { entryId: write.entryId }, postedByLink: 0 };
    if (write.kind === "link-posted-leg") {
      return { write, link: { uid: posted.get(write.postedForLineId) ?? newUid() }, postedByLink: 0 };
    }
    const transfer = newTransferUids();
    const lineIsOrigin = write.from.bankAccountId === write.bankAccountId;
    posted.set(write.lineId, lineIsOrigin ? transfer.credit : transfer.debit);
    // The transfer stands on its own: undoing the reconciliation unlinks it (postedByLink 0) and
    // keeps both legs, which DELETE .../transfer can then remove together.
    const own = lineIsOrigin ? transfer.debit : transfer.credit;
    return { write, link: { uid: own }, postedByLink: 0, transfer };
  });
}

const rows = (values: unknown[][]) => JSON.stringify(values);

/** Refuses the batch (open_value CHECK) when a title is no longer open: deleted or paid meanwhile. */
function guardOpenTitles(db: Db, companyId: number, titleIds: number[]) {
  return rawStatement(
    db,
    sql`UPDATE ${titles} SET open_value = -1
      WHERE id IN (SELECT value FROM json_each(${JSON.stringify(titleIds)}))
        AND +company_id = ${companyId} AND +status NOT IN (${TITLE_STATUS.open}, ${TITLE_STATUS.partial})`,
  );
}

/** The entries settling the titles (origin `rule`, dated the line's date), one row per decision. */
function insertTitleEntries(db: Db, scope: RunScope, settles: KeyedWrite[]) {
  const values = settles.map(({ write, link }) => {
    const w = write as ReconcilingWrite & { kind: "settle-title" };
    return [
      (link as { uid: string }).uid,
      w.bankAccountId,
      w.typeAccount,
      w.value,
      `${w.date} 00:00:00`,
      w.texts.description,
      w.texts.document,
      w.titleId,
    ];
  });
  return rawStatement(
    db,
    sql`INSERT INTO ${entries}
        (company_id, uid, bank_account_id, type_account, value, date, description, document, title_id, origin, created_by)
      SELECT ${scope.companyId}, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4,
        j.value ->> 5, j.value ->> 6, j.value ->> 7, 'rule', ${scope.userId}
      FROM json_each(${rows(values)}) AS j`,
  );
}

/** Settles each title by its decision's value (the status formula of every settlement). */
function settleTitles(db: Db, companyId: number, settles: KeyedWrite[]) {
  const values = settles.map(({ write }) => [(write as { titleId: number }).titleId, write.value]);
  const delta = sql.raw("d.delta");
  const set = settledColumns(delta);
  return rawStatement(
    db,
    sql`UPDATE ${titles} SET open_value = ${set.openValue}, status = ${set.status}, updated_at = ${set.updatedAt}
      FROM (SELECT value ->> 0 AS id, value ->> 1 AS delta FROM json_each(${rows(values)})) AS d
      WHERE ${titles}.id = d.id AND +${titles}.company_id = ${companyId}`,
  );
}

/**
 * One link per decision. The entry is found by key (posted in this batch or earlier in the run) or
 * is the existing leg, which must still be a transfer leg on the line's account: anything else
 * gives NULL and the NOT NULL entry_id refuses the batch; a leg linked meanwhile breaks the UNIQUE
 * entry_id.
 */
function insertLinks(db: Db, scope: RunScope, keyed: KeyedWrite[]) {
  const values = keyed.map(({ write, link, postedByLink }) => [
    write.lineId,
    "uid" in link ? link.uid : null,
    "entryId" in link ? link.entryId : null,
    postedByLink,
    write.ruleId,
    write.bankAccountId,
  ]);
  return rawStatement(
    db,
    sql`INSERT INTO ${conciliationLinks} (company_id, entry_id, bank_line_id, posted_by_link, rule_id, created_by)
      SELECT ${scope.companyId},
        CASE WHEN j.value ->> 1 IS NOT NULL
          THEN (SELECT id FROM ${entries} WHERE uid = j.value ->> 1)
          ELSE (SELECT id FROM ${entries} WHERE id = j.value ->> 2 AND +company_id = ${scope.companyId}
                  AND +bank_account_id = j.value ->> 5 AND transfer_id IS NOT NULL)
        END,
        j.value ->> 0, j.value ->> 3, j.value ->> 4, ${scope.userId}
      FROM json_each(${rows(values)}) AS j`,
  );
}

/**
 * The lines become automatically reconciled with their rules. A line no longer pending (reconciled
 * by hand meanwhile) gets no status the CHECK allows, and a value above the line's breaks the reconciled_value CHECK:
 * either refuses the batch.
 */
function markLinesReconciled(db: Db, companyId: number, keyed: KeyedWrite[]) {
  const values = keyed.map(({ write }) => [write.lineId, write.value, write.ruleId]);
  return rawStatement(
    db,
    sql`UPDATE ${bankLines} SET reconciled_value = reconciled_value + d.value,
        status_id = CASE WHEN status_id = ${LINE_STATUS.pending} THEN ${LINE_STATUS.autoReconciled} ELSE ${LINE_STATUS_REFUSED} END, rule_id = d.rule_id
      FROM (SELECT value ->> 0 AS id, value ->> 1 AS value, value ->> 2 AS rule_id
            FROM json_each(${rows(values)})) AS d
      WHERE ${bankLines}.id = d.id AND +${bankLines}.company_id = ${companyId}`,
  );
}

/** One audit row per decision (action `auto`), the linked entry read back inside the batch. */
function auditDecisions(db: Db, scope: RunScope, keyed: KeyedWrite[]) {
  const values = keyed.map(({ write, transfer }) => [
    write.lineId,
    write.ruleId,
    write.bankAccountId,
    write.value,
    transfer?.transfer ?? null,
  ]);
  return rawStatement(
    db,
    sql`INSERT INTO ${reconciliationAudit} (company_id, user_id, action, bank_line_id, details)
      SELECT ${scope.companyId}, ${scope.userId}, 'auto', j.value ->> 0, json_object(
        'IDJob', ${scope.jobId},
        'IDBankStatementConciliationRule', j.value ->> 1,
        'IDBankAccount', j.value ->> 2,
        'Total', j.value ->> 3,
        'ReconciledValue', b.reconciled_value,
        'IDTypeStatusConciliation', b.status_id,
        'PostedTransfer', CASE WHEN j.value ->> 4 IS NULL THEN 0 ELSE 1 END,
        'Entries', json_array(json((SELECT json_object('IDBankStatement', e.id,
            'IDAccountPayableReceivable', e.title_id, 'IDTypeAccount', e.type_account, 'Value', e.value,
            'PostedByLink', l.posted_by_link, 'IDBankStatementTransfer', e.transfer_id)
          FROM ${conciliationLinks} l JOIN ${entries} e ON e.id = l.entry_id
          WHERE l.bank_line_id = b.id))))
      FROM json_each(${rows(values)}) AS j JOIN ${bankLines} b ON b.id = j.value ->> 0`,
  );
}

/**
 * The transfers the rules post (origin `rule`), set-based: the references in one statement, then
 * both legs of each (outflow on the origin, inflow on the destination, in this order) in another,
 * each leg finding its reference by key. The same rows as `transferStatements` writes one by one.
 */
function insertPostedTransfers(db: Db, scope: RunScope, postings: KeyedWrite[]): BatchItem<"sqlite">[] {
  const references: unknown[][] = [];
  const legs: unknown[][] = [];
  for (const { write, transfer } of postings) {
    const w = write as ReconcilingWrite & { kind: "post-transfer" };
    const uids = transfer!;
    const date = `${w.date} 00:00:00`;
    references.push([uids.transfer, w.from.bankAccountId, w.to.bankAccountId, w.value, w.description]);
    legs.push(
      [uids.debit, w.from.bankAccountId, 1, w.value, date, w.from.description, uids.transfer],
      [uids.credit, w.to.bankAccountId, 0, w.value, date, w.to.description, uids.transfer],
    );
  }
  return [
    rawStatement(
      db,
      sql`INSERT INTO ${transfers} (company_id, uid, from_bank_account_id, to_bank_account_id, value, description, created_by)
        SELECT ${scope.companyId}, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, ${scope.userId}
        FROM json_each(${rows(references)}) AS j`,
    ),
    rawStatement(
      db,
      sql`INSERT INTO ${entries}
          (company_id, uid, bank_account_id, type_account, value, date, description, document, title_id, transfer_id, origin, created_by)
        SELECT ${scope.companyId}, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4,
          j.value ->> 5, NULL, NULL, (SELECT id FROM ${transfers} WHERE uid = j.value ->> 6), 'rule', ${scope.userId}
        FROM json_each(${rows(legs)}) AS j`,
    ),
  ];
}

/** The statements of a batch of decisions, in the order they must run. */
export function decisionStatements(db: Db, scope: RunScope, keyed: KeyedWrite[]): BatchItem<"sqlite">[] {
  const settles = keyed.filter((k) => k.write.kind === "settle-title");
  const statements: BatchItem<"sqlite">[] = [];
  if (settles.length > 0) {
    statements.push(
      guardOpenTitles(
        db,
        scope.companyId,
        settles.map((k) => (k.write as { titleId: number }).titleId),
      ),
      insertTitleEntries(db, scope, settles),
      settleTitles(db, scope.companyId, settles),
    );
  }
  const postings = keyed.filter((k) => k.write.kind === "post-transfer" && k.transfer);
  if (postings.length > 0) statements.push(...insertPostedTransfers(db, scope, postings));
  if (keyed.length > 0) {
    statements.push(
      insertLinks(db, scope, keyed),
      markLinesReconciled(db, scope.companyId, keyed),
      auditDecisions(db, scope, keyed),
    );
  }
  return statements;
}

/** Rule records per statement (one JSON parameter each). */
const RECORDS_PER_STATEMENT = 5000;

/** Records (or clears) the rule of lines that stay pending; a line reconciled meanwhile is left alone. */
export function recordRules(db: Db, companyId: number, records: RuleRecord[]): BatchItem<"sqlite">[] {
  return inGroups(records, RECORDS_PER_STATEMENT).map((group) =>
    rawStatement(
      db,
      sql`UPDATE ${bankLines} SET rule_id = r.rule_id
        FROM (SELECT value ->> 0 AS id, value ->> 1 AS rule_id
              FROM json_each(${rows(group.map((r) => [r.lineId, r.ruleId]))})) AS r
        WHERE ${bankLines}.id = r.id AND +${bankLines}.company_id = ${companyId} AND +${bankLines}.status_id = ${LINE_STATUS.pending}`,
    ),
  );
}

/**
 * Adds `autoReconciled` decisions to the job's count, in the batch that writes them: a decision is
 * written once, so it is counted once whatever the deliveries. With `remaining`, the job's
 * `processed` also moves to `total - remaining` (never backwards).
 */
export function countReconciled(
  db: Db,
  jobId: number,
  autoReconciled: number,
  remaining?: number,
): BatchItem<"sqlite"> {
  return db
    .update(jobs)
    .set({
      result: sql`json_set(coalesce(${jobs.result}, '{}'), '$.autoReconciled', ${resultCount("autoReconciled")} + ${autoReconciled})`,
      ...(remaining === undefined
        ? {}
        : { processed: sql`max(${jobs.processed}, ${jobs.total} - ${remaining})` }),
    })
    .where(eq(jobs.id, jobId)) as BatchItem<"sqlite">;
}

export type WrittenDecisions = { written: ReconcilingWrite[]; refused: ReconcilingWrite[] };

/**
 * Batches one refused group may be split into before it is handed back: halving finds one refusal
 * among 2,000 decisions in about 2 x 11 = 22 batches of a handful of statements each (about 150
 * D1 calls, a chunk's share of the invocation, src/domain/jobs/budget.ts). More refusals than that
 * are rethrown, so the delivery is retried and the run plans again from fresh reads (what was taken
 * meanwhile is then no longer read as pending or open), instead of spending a batch per decision.
 */
const MAX_SPLIT_BATCHES = 24;

/**
 * Writes decisions in one batch closed by `closing(count)` (the job's count). When a constraint
 * refuses the batch (a concurrent request took a title, a line or a leg), the decisions whose line
 * is no longer pending are set aside at once (one read: a chunk another delivery of the same job
 * already wrote would otherwise be halved down to one batch per decision), then the rest is split
 * in halves, in order, down to single decisions: every decision that can still be written is, the
 * refused ones change nothing. Other errors are real faults and are rethrown, and so is a refusal
 * once the split has taken `MAX_SPLIT_BATCHES` batches.
 */
export async function writeDecisions(
  db: Db,
  scope: RunScope,
  keyed: KeyedWrite[],
  closing: (count: number) => BatchItem<"sqlite">[],
): Promise<WrittenDecisions> {
  const outcome: WrittenDecisions = { written: [], refused: [] };
  let takenLinesRead = false;
  let batches = 0;
  const attempt = async (group: KeyedWrite[]): Promise<void> => {
    if (group.length === 0) return;
    try {
      batches++;
      await runStatements(db, [...decisionStatements(db, scope, group), ...closing(group.length)]);
      outcome.written.push(...group.map((k) => k.write));
    } catch (error) {
      if (!isConstraintError(error) || batches >= MAX_SPLIT_BATCHES) throw error;
      if (group.length === 1) {
        outcome.refused.push(group[0]!.write);
        return;
      }
      if (!takenLinesRead) {
        takenLinesRead = true;
        const taken = await linesNoLongerPending(
          db,
          scope.companyId,
          group.map((k) => k.write.lineId),
        );
        if (taken.size > 0) {
          outcome.refused.push(...group.filter((k) => taken.has(k.write.lineId)).map((k) => k.write));
          await attempt(group.filter((k) => !taken.has(k.write.lineId)));
          return;
        }
      }
      const half = Math.ceil(group.length / 2);
      await attempt(group.slice(0, half));
      await attempt(group.slice(half));
    }
  };
  await attempt(keyed);
  return outcome;
}

/** Which of these lines are no longer pending (reconciled or ignored since they were read). */
async function linesNoLongerPending(db: Db, companyId: number, lineIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: bankLines.id })
    .from(bankLines)
    .where(
      and(
        eq(bankLines.companyId, companyId),
        inList(bankLines.id, lineIds),
        ne(bankLines.statusId, LINE_STATUS.pending),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Runs statements as one batch, if there are any. */
export async function runStatements(db: Db, statements: BatchItem<"sqlite">[]): Promise<void> {
  if (statements.length === 0) return;
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
