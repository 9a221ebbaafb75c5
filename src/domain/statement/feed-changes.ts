import type { Statement } from "../../db/sql";
import { type FeedLineChanges, feedLineChangeStatements, feedLinesForChanges } from "../../db/statement";
import type { Db } from "../../env";
import { deletionOutcome, type FeedMovement, pairRenames } from "./renamed-movement";

/**
 * The bank feed's deletions and creations applied to its lines (docs/OPEN-FINANCE.md, "Renamed and
 * withdrawn movements"): the sync calls `planFeedChanges` with the ids the aggregator deleted and
 * the transactions it is about to write, puts `statements` in the batch that writes `toCreate`, and
 * writes only those.
 */

/** How long a withdrawn line may still be re-created by a later creation (a deletion seen before its creation). */
const WITHDRAWN_WINDOW_DAYS = 7;

export type FeedChangePlan = {
  /** Statements of the renames, removals and withdrawals, for the same batch as the new lines. */
  statements: Statement[];
  /** The creations that re-create nothing: new lines to write. */
  toCreate: FeedMovement[];
  /**
   * Each kept line and the creation it now stands for: its new id and date, whether the line was
   * still pending (the writer brings it up to date as it would the creation's own line).
   */
  renamed: { lineId: number; feedTransactionId: string; date: string; value: number; pending: boolean }[];
  counts: { renamed: number; removed: number; withdrawn: number };
};

/**
 * Pairs the deleted lines (and the lines withdrawn in the last days) with the creations
 * (`pairRenames`): a pair keeps its line, which takes the new id, date and pending flag (a withdrawn
 * one stands again); a deletion no creation re-creates removes a pending line and withdraws a posted
 * one (`deletionOutcome`). Reads once; writes nothing itself.
 */
export async function planFeedChanges(
  db: Db,
  scope: { companyId: number; bankAccountId: number },
  deletedIds: readonly string[],
  created: readonly (FeedMovement & { pending: boolean })[],
  now = new Date(),
): Promise<FeedChangePlan> {
  const since = new Date(now.getTime() - WITHDRAWN_WINDOW_DAYS * 86_400_000)
    .toISOString()
    .replace("T", " ")
    .slice(0, 19);
  const lines = await feedLinesForChanges(db, scope.companyId, scope.bankAccountId, [...deletedIds], since);
  const deletedSet = new Set(deletedIds);
  const byFeedId = new Map(lines.map((l) => [l.feedTransactionId, l]));
  const asMovement = (l: (typeof lines)[number]): FeedMovement => ({
    id: l.feedTransactionId,
    bankAccountId: scope.bankAccountId,
    date: l.date,
    value: l.value,
    description: l.description,
  });
  // Deleted now, or withdrawn earlier and still re-creatable; a deleted id that is a creation too is not a deletion.
  const createdIds = new Set(created.map((c) => c.id));
  const candidates = lines.filter(
    (l) => (deletedSet.has(l.feedTransactionId) || l.withdrawn) && !createdIds.has(l.feedTransactionId),
  );
  const plan = pairRenames(candidates.map(asMovement), created);
  const pendingOf = new Map(created.map((c) => [c.id, c.pending]));
  const changes: FeedLineChanges = { renames: [], removals: [], withdrawals: [] };
  const renamed: FeedChangePlan["renamed"] = [];
  for (const { deleted, created: c } of plan.renames) {
    const line = byFeedId.get(deleted.id)!;
    changes.renames.push({
      lineId: line.id,
      feedTransactionId: c.id,
      date: c.date,
      pending: pendingOf.get(c.id) ?? false,
    });
    renamed.push({
      lineId: line.id,
      feedTransactionId: c.id,
      date: c.date,
      value: line.value,
      pending: line.pending,
    });
  }
  for (const { deleted } of plan.deletions) {
    const line = byFeedId.get(deleted.id)!;
    if (!deletedSet.has(deleted.id)) continue; // withdrawn earlier and not re-created: stays as it is
    const outcome = deletionOutcome(line);
    if (outcome === "remove") changes.removals.push(line.id);
    if (outcome === "withdraw") changes.withdrawals.push(line.id);
  }
  return {
    statements: feedLineChangeStatements(db, scope, changes),
    toCreate: plan.creations,
    renamed,
    counts: {
      renamed: changes.renames.length,
      removed: changes.removals.length,
      withdrawn: changes.withdrawals.length,
    },
  };
}
