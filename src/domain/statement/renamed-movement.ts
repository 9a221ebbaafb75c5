import { daysBetween } from "../../lib/dates";
import type { Cents } from "../../lib/money";

/**
 * An aggregator reports a change of a movement as a deletion plus a creation with a new id and
 * nothing linking them (docs/OPEN-FINANCE.md, "Renamed and withdrawn movements"). Pure: pairs the
 * deletions of a feed with the creations that follow them, and says what a deletion left alone does.
 */

export type FeedMovement = {
  /** The aggregator's transaction id. */
  id: string;
  bankAccountId: number;
  /** `YYYY-MM-DD` */
  date: string;
  /** Signed cents. */
  value: Cents;
  description: string;
};

/** How far apart (calendar days) the deleted and the created movement may be dated. */
export const RENAME_WINDOW_DAYS = 5;

/** A description as compared: accents, case, punctuation and repeated spaces ignored. */
export function descriptionKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^0-9A-Z]+/g, " ")
    .trim();
}

/** Same account, same amount, same description, dates at most `RENAME_WINDOW_DAYS` apart. */
export function isRenameOf(deleted: FeedMovement, created: FeedMovement): boolean {
  return (
    deleted.id !== created.id &&
    deleted.bankAccountId === created.bankAccountId &&
    deleted.value === created.value &&
    descriptionKey(deleted.description) === descriptionKey(created.description) &&
    Math.abs(daysBetween(deleted.date, created.date)) <= RENAME_WINDOW_DAYS
  );
}

export type RenameReason =
  /** No creation fits: a real deletion. */
  | "none"
  /** Several creations fit this deletion, or the creation that fits also fits another deletion. */
  | "ambiguous";

export type Renamed =
  | { renamed: true; created: FeedMovement }
  | { renamed: false; reason: RenameReason; ids: string[] };

/** The creation that re-creates `deleted`, when exactly one of `created` fits. */
export function renamedMovement(deleted: FeedMovement, created: readonly FeedMovement[]): Renamed {
  const fits = created.filter((c) => isRenameOf(deleted, c));
  if (fits.length === 1) return { renamed: true, created: fits[0]! };
  if (fits.length === 0) return { renamed: false, reason: "none", ids: [] };
  return { renamed: false, reason: "ambiguous", ids: fits.map((c) => c.id) };
}

export type RenamePlan = {
  /** Each deletion with the creation that is the same movement: the deleted line stays, takes the new id. */
  renames: { deleted: FeedMovement; created: FeedMovement }[];
  /** Deletions no creation (or more than one) re-creates: `deletionOutcome` applies. */
  deletions: { deleted: FeedMovement; reason: RenameReason; ids: string[] }[];
  /** Creations that re-create nothing: new lines. */
  creations: FeedMovement[];
};

/**
 * Pairs deletions with creations one to one: a pair needs the deletion's only fitting creation to
 * have that deletion as its only fitting deletion (two identical fees deleted and re-created are
 * ambiguous: both stay deletions and both creations are new lines; nothing is merged by guess).
 */
export function pairRenames(deleted: readonly FeedMovement[], created: readonly FeedMovement[]): RenamePlan {
  const plan: RenamePlan = { renames: [], deletions: [], creations: [] };
  const taken = new Set<string>();
  for (const d of deleted) {
    const result = renamedMovement(d, created);
    if (result.renamed) {
      const rivals = deleted.filter((other) => other !== d && isRenameOf(other, result.created));
      if (rivals.length === 0) {
        plan.renames.push({ deleted: d, created: result.created });
        taken.add(result.created.id);
        continue;
      }
      plan.deletions.push({ deleted: d, reason: "ambiguous", ids: [result.created.id] });
      continue;
    }
    plan.deletions.push({ deleted: d, reason: result.reason, ids: result.ids });
  }
  plan.creations = created.filter((c) => !taken.has(c.id));
  return plan;
}

/**
 * What a deletion no creation re-creates does to its line: a pending line is removed (it never
 * happened); a posted line stays, marked withdrawn by the bank, with its reconciliation kept for a
 * person to look at (never undone silently); a line already withdrawn is left as it is.
 */
export function deletionOutcome(line: {
  pending: boolean;
  withdrawn: boolean;
}): "remove" | "withdraw" | "keep" {
  if (line.withdrawn) return "keep";
  return line.pending ? "remove" : "withdraw";
}
