import type { Cents } from "../../lib/money";
import { TITLE_STATUS } from "../titles/statuses";
import { BANK_RETURN_JOB_MESSAGES as J, BANK_RETURN_MESSAGES as M } from "./messages";
import type { OccurrenceKind } from "./occurrences";
import type { ReturnRecord } from "./types";

/**
 * What a chunk of a return's records does, decided from what the database holds (pure: the job reads
 * the titles and the occurrences already recorded, this plans, the db module writes the plan in one
 * batch). docs/CNAB.md, "Importing a return", is the user's account of these rules.
 */

/** The Result of a `BankReturnCNAB` job. */
export type ReturnCounts = {
  /** Liquidations that settled a title (wholly or partly). */
  settled: number;
  /** Occurrences already recorded (the file re-sent, a line repeated) and liquidations of titles already paid. */
  alreadySettled: number;
  /** Records naming no receivable title of the company in the account (or no nosso número at all). */
  unknown: number;
  /** Rejections recorded on the title's history. */
  rejected: number;
  /** Known codes that move no money: entry confirmed and written off (recorded), the `ignored` kind (not). */
  ignored: number;
  /** Tariff entries posted (of liquidations and of tariff occurrences). */
  tariffs: number;
};

export const NO_RETURN_COUNTS: ReturnCounts = {
  settled: 0,
  alreadySettled: 0,
  unknown: 0,
  rejected: 0,
  ignored: 0,
  tariffs: 0,
};

/** A receivable title that a nosso número may name (the fields the plan needs). */
export type ReturnTitle = {
  id: number;
  /** `nosso_numero_key`: the title's nosso número without leading zeros. */
  key: string;
  bankAccountId: number | null;
  value: Cents;
  openValue: Cents;
  status: number;
  description: string;
  document: string | null;
};

/** The occurrence's identity, as the UNIQUE index `title_collection_events_occurrence` holds it. */
export const occurrenceId = (bankKey: string, code: string, date: string) => `${bankKey}|${code}|${date}`;

export type HistoryRow = {
  titleId: number;
  kind: Exclude<OccurrenceKind, "ignored">;
  occurrenceCode: string;
  bankKey: string;
  date: string;
  paidValue: Cents;
  interest: Cents;
  discount: Cents;
  tariff: Cents;
  reason: string | null;
};

export type PlannedEntry = {
  /** 0 inflow, 1 outflow. */
  typeAccount: 0 | 1;
  value: Cents;
  /** `YYYY-MM-DD` */
  date: string;
  description: string;
  document: string | null;
  /** Set only on the receipt that settles the title (its payment); interest, surplus and tariffs have none. */
  titleId: number | null;
};

/** A title's open value moved by `delta`, if it still is `expectedOpen` when the batch runs. */
export type PlannedSettlement = { titleId: number; expectedOpen: Cents; delta: Cents };

export type ChunkPlan = {
  history: HistoryRow[];
  entries: PlannedEntry[];
  settlements: PlannedSettlement[];
  /** Titles settled by this chunk (those whose open value reaches zero get `title.paid`). */
  notes: { line: number; message: string }[];
  counts: ReturnCounts;
};

export type ChunkFacts = {
  bankAccountId: number;
  /** Date the bank generated the file: the date of an occurrence that carries none. */
  generatedOn: string | null;
  /** The titles the chunk's keys name (in the account, or without an account). */
  titles: readonly ReturnTitle[];
  /** `occurrenceId`s already recorded on the account. */
  recorded: ReadonlySet<string>;
};

/** The keys by which a record may name a title: as read, then without the check digit the layout may append. */
export function candidateKeys(record: ReturnRecord): string[] {
  const nn = record.nossoNumero;
  if (!nn || nn.normalised === "") return [];
  return nn.withoutCheckDigit ? [nn.normalised, nn.withoutCheckDigit] : [nn.normalised];
}

/**
 * The title a record names: the first candidate key (as read, then without the check digit) that
 * names a title, the account's title before one without an account.
 */
function titleOf(record: ReturnRecord, byKey: Map<string, ReturnTitle[]>, bankAccountId: number) {
  for (const key of candidateKeys(record)) {
    const found = byKey.get(key);
    if (!found) continue;
    return found.find((t) => t.bankAccountId === bankAccountId) ?? found[0]!;
  }
  return undefined;
}

/** The entry date of a record: the credit date of a liquidation, otherwise the occurrence's. */
function dateOf(record: ReturnRecord, generatedOn: string | null): string | null {
  return record.kind === "liquidation"
    ? (record.creditDate ?? record.occurrenceDate ?? generatedOn)
    : (record.occurrenceDate ?? record.creditDate ?? generatedOn);
}

/**
 * Plans a chunk of records, in file order, over `counts` (the job's so far):
 *
 * - a record without a nosso número, or whose key names no title: `unknown`, nothing written;
 * - an occurrence already recorded (same account, key, code and date), here or earlier in the
 *   chunk: `alreadySettled`, nothing written;
 * - `ignored` kind: counted, nothing written;
 * - `entryConfirmed`, `writtenOff`: a history row, no money (counted `ignored`); `rejected`: a
 *   history row with the reasons (counted `rejected`); `tariff`: a history row and, when the record
 *   carries a tariff, an outflow entry (counted `tariffs`);
 * - `liquidation` of a title already paid: a history row saying so, no entry, `alreadySettled`;
 *   otherwise the title is settled on the credit date (see `liquidate`).
 */
export function planChunk(
  records: readonly ReturnRecord[],
  facts: ChunkFacts,
  counts: ReturnCounts,
): ChunkPlan {
  const byKey = new Map<string, ReturnTitle[]>();
  for (const title of facts.titles) byKey.set(title.key, [...(byKey.get(title.key) ?? []), title]);
  const open = new Map<number, Cents>();
  const settlements = new Map<number, PlannedSettlement>();
  const recorded = new Set(facts.recorded);
  const plan: ChunkPlan = { history: [], entries: [], settlements: [], notes: [], counts: { ...counts } };
  const c = plan.counts;
  const note = (record: ReturnRecord, message: string) =>
    plan.notes.push({ line: record.line, message: M.linePrefix(record.line, message) });

  for (const record of records) {
    if (record.kind === "ignored") {
      c.ignored++;
      continue;
    }
    if (!record.nossoNumero) {
      c.unknown++;
      note(record, J.noNossoNumero);
      continue;
    }
    const title = titleOf(record, byKey, facts.bankAccountId);
    if (!title) {
      c.unknown++;
      note(record, J.unknownTitle(record.nossoNumero.inFile));
      continue;
    }
    const date = dateOf(record, facts.generatedOn);
    if (!date) {
      note(record, J.noDate);
      continue;
    }
    const id = occurrenceId(title.key, record.occurrenceCode, date);
    if (recorded.has(id)) {
      c.alreadySettled++;
      note(record, J.alreadyRecorded(record.nossoNumero.inFile, record.occurrenceCode, date));
      continue;
    }
    const history: HistoryRow = {
      titleId: title.id,
      kind: record.kind,
      occurrenceCode: record.occurrenceCode,
      bankKey: title.key,
      date,
      paidValue: 0,
      interest: 0,
      discount: 0,
      tariff: record.tariffCents,
      reason: null,
    };
    if (record.kind === "liquidation") {
      const openNow = open.get(title.id) ?? title.openValue;
      if (title.status === TITLE_STATUS.paid || openNow === 0) {
        recorded.add(id);
        plan.history.push({
          ...history,
          paidValue: record.paidCents,
          interest: record.interestCents,
          discount: record.discountCents + record.abatementCents,
          reason: J.paidByHand,
        });
        c.alreadySettled++;
        note(record, J.titleAlreadyPaid(record.nossoNumero.inFile, title.id));
        continue;
      }
      const done = liquidate(record, title, openNow, date);
      if (!done) {
        note(record, J.nothingPaid);
        continue;
      }
      recorded.add(id);
      plan.history.push({
        ...history,
        paidValue: record.paidCents,
        interest: record.interestCents,
        discount: record.discountCents + record.abatementCents,
      });
      plan.entries.push(...done.entries);
      open.set(title.id, openNow - done.delta);
      const earlier = settlements.get(title.id);
      settlements.set(title.id, {
        titleId: title.id,
        expectedOpen: title.openValue,
        delta: (earlier?.delta ?? 0) + done.delta,
      });
      c.settled++;
      if (openNow - done.delta > 0) note(record, J.partialLiquidation(title.id, openNow - done.delta));
      if (done.surplus > 0) note(record, J.surplus(title.id, done.surplus));
      if (record.tariffCents > 0) {
        plan.entries.push(tariffEntry(record, date));
        c.tariffs++;
      }
      continue;
    }
    recorded.add(id);
    if (record.kind === "rejected") {
      plan.history.push({ ...history, reason: J.rejectionReasons(record.rejectionReasons) });
      c.rejected++;
    } else if (record.kind === "tariff") {
      plan.history.push(history);
      if (record.tariffCents > 0) {
        plan.entries.push(tariffEntry(record, date));
        c.tariffs++;
      } else c.ignored++;
    } else {
      plan.history.push(history);
      c.ignored++;
    }
  }
  plan.settlements = [...settlements.values()];
  return plan;
}

/**
 * A liquidation of a title whose open value is `openValue` (> 0). The bank's paid value includes
 * interest/fine; what is left is the title's part (`principal`). Discount and abatement close the
 * title with no entry:
 *
 * - receipt (the title's payment entry, inflow) = the principal, at most the open value less the
 *   discount/abatement;
 * - the open value moves by receipt + discount/abatement (at most the open value): a principal below
 *   what is open leaves the title partially received;
 * - interest/fine: a separate inflow entry with no title;
 * - a principal above what was open (paid by hand in part before, or the payer paid more): the
 *   surplus is a separate inflow entry with no title, so the account holds what the bank credited.
 *
 * Null when nothing would move (no principal, no discount/abatement).
 */
function liquidate(record: ReturnRecord, title: ReturnTitle, openValue: Cents, date: string) {
  const nn = record.nossoNumero!.inFile;
  const interest = Math.min(record.interestCents, record.paidCents);
  const principal = record.paidCents - interest;
  const closing = Math.min(record.discountCents + record.abatementCents, openValue);
  const receipt = Math.min(principal, openValue - closing);
  const surplus = principal - receipt;
  const delta = receipt + closing;
  if (delta === 0 && interest === 0 && surplus === 0) return null;
  const entries: PlannedEntry[] = [];
  const inflow = (value: Cents, description: string, titleId: number | null): PlannedEntry => ({
    typeAccount: 0,
    value,
    date,
    description,
    document: title.document,
    titleId,
  });
  if (receipt > 0) entries.push(inflow(receipt, J.receiptEntry(title.description), title.id));
  if (interest > 0) entries.push(inflow(interest, J.interestEntry(nn, title.description), null));
  if (surplus > 0) entries.push(inflow(surplus, J.surplusEntry(nn, title.description), null));
  return { entries, delta, surplus };
}

function tariffEntry(record: ReturnRecord, date: string): PlannedEntry {
  return {
    typeAccount: 1,
    value: record.tariffCents,
    date,
    description: J.tariffEntry(record.nossoNumero!.inFile, record.occurrenceCode),
    document: null,
    titleId: null,
  };
}
