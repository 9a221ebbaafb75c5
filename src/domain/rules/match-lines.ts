import type {
  LineDecision,
  LineToMatch,
  MatchInput,
  OpenTitle,
  RuleToMatch,
  TransferLeg,
} from "./matching-types";
import { normaliseText } from "./normalise-text";
import { normalisePayerDocument } from "./payer-document";
import { DIRECTION, type Direction, RULE_TYPE, type TitleFilters } from "./rule-check";

/** A title qualifies when its due date is at most this many days before or after the line date. */
export const DUE_DATE_WINDOW_DAYS = 5;

/** Days since 1970-01-01 of a `YYYY-MM-DD` (or `YYYY-MM-DD HH:MM:SS`) text. */
function dayNumber(date: string): number {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

function directionOf(value: number): Direction | null {
  if (value > 0) return DIRECTION.credit;
  if (value < 0) return DIRECTION.debit;
  return null;
}

type PreparedRule = RuleToMatch & { key: string };

/**
 * Rules by account and direction, most specific first:
 * 1. a rule with a payer document before one without (a CPF/CNPJ names the payer exactly);
 * 2. the longest normalised description;
 * 3. a rule with a "has TxId" condition before one without;
 * 4. the lowest id.
 * A blank description is the empty key: it matches every line of its account and direction (that
 * meets the rule's conditions), and loses to any rule with a description, unless it has a payer
 * document and the other has none. Rules without conditions keep the order they always had.
 */
function indexRules(rules: readonly RuleToMatch[]): Map<string, PreparedRule[]> {
  const byAccount = new Map<string, PreparedRule[]>();
  for (const rule of rules) {
    if (rule.typeRule !== RULE_TYPE.titles && rule.typeRule !== RULE_TYPE.transfer) continue;
    if (rule.typeRule === RULE_TYPE.transfer && rule.bankAccountToId === null) continue;
    const group = `${rule.bankAccountId}:${rule.typeAccount}`;
    const list = byAccount.get(group) ?? [];
    const payerDocument = rule.payerDocument === null ? null : normalisePayerDocument(rule.payerDocument);
    list.push({ ...rule, payerDocument, key: normaliseText(rule.description ?? "") });
    byAccount.set(group, list);
  }
  const has = (value: unknown) => (value === null ? 0 : 1);
  for (const list of byAccount.values())
    list.sort(
      (a, b) =>
        has(b.payerDocument) - has(a.payerDocument) ||
        b.key.length - a.key.length ||
        has(b.hasTxId) - has(a.hasTxId) ||
        a.id - b.id,
    );
  return byAccount;
}

/**
 * The line conditions of a rule: its payer document equals the line's (both normalised; a line
 * with no payer document never meets one), and its "has TxId" agrees with whether the line
 * carries a txid (a blank txid counts as none).
 */
function meetsConditions(rule: PreparedRule, line: LineToMatch): boolean {
  if (rule.payerDocument !== null) {
    const payer = line.payerDocument === null ? null : normalisePayerDocument(line.payerDocument);
    if (payer !== rule.payerDocument) return false;
  }
  if (rule.hasTxId !== null) {
    const hasTxId = line.txId !== null && line.txId.trim() !== "";
    if (hasTxId !== rule.hasTxId) return false;
  }
  return true;
}

function ruleForLine(rulesByAccount: Map<string, PreparedRule[]>, line: LineToMatch, direction: Direction) {
  const rules = rulesByAccount.get(`${line.bankAccountId}:${direction}`);
  if (!rules) return undefined;
  const text = normaliseText(line.description);
  return rules.find((rule) => text.includes(rule.key) && meetsConditions(rule, line));
}

/** Open titles of one direction and open value, by due day then id (`days[i]` is `titles[i]`'s). */
type TitleBucket = { titles: OpenTitle[]; days: number[] };

function indexTitles(titles: readonly OpenTitle[]): Map<string, TitleBucket> {
  const buckets = new Map<string, OpenTitle[]>();
  for (const title of titles) {
    if (title.openValue <= 0) continue;
    const key = `${title.typeAccount}:${title.openValue}`;
    const list = buckets.get(key) ?? [];
    list.push(title);
    buckets.set(key, list);
  }
  const index = new Map<string, TitleBucket>();
  for (const [key, list] of buckets) {
    const sorted = list
      .map((title) => ({ title, day: dayNumber(title.dueDate) }))
      .sort((a, b) => a.day - b.day || a.title.id - b.title.id);
    index.set(key, { titles: sorted.map((s) => s.title), days: sorted.map((s) => s.day) });
  }
  return index;
}

/** First position whose day is >= `day`. */
function lowerBound(days: number[], day: number): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (days[mid]! < day) low = mid + 1;
    else high = mid;
  }
  return low;
}

const FILTERS = ["accountTypeId", "documentTypeId", "paymentTypeId", "supplierId", "consumerId"] as const;

function passesFilters(rule: TitleFilters, title: TitleFilters): boolean {
  return FILTERS.every((f) => rule[f] === null || rule[f] === title[f]);
}

/** Up to two qualifying, not yet taken titles: enough to tell "exactly one" from "several". */
function qualifyingTitles(
  bucket: TitleBucket | undefined,
  rule: TitleFilters,
  lineDay: number,
  taken: Set<number>,
): OpenTitle[] {
  if (!bucket) return [];
  const found: OpenTitle[] = [];
  const last = lineDay + DUE_DATE_WINDOW_DAYS;
  for (let i = lowerBound(bucket.days, lineDay - DUE_DATE_WINDOW_DAYS); i < bucket.days.length; i++) {
    if (bucket.days[i]! > last) break;
    const title = bucket.titles[i]!;
    if (taken.has(title.id) || !passesFilters(rule, title)) continue;
    found.push(title);
    if (found.length === 2) break;
  }
  return found;
}

/** A leg a line can link: an existing entry, or the other leg of a transfer posted in this run. */
type LegSlot = { entryId: number } | { postedForLineId: number };

const legKey = (bankAccountId: number, typeAccount: number, value: number, day: number, other: number) =>
  `${bankAccountId}:${typeAccount}:${value}:${day}:${other}`;

/** Legs by (account, direction, value, day, other account), lowest entry id first. */
function indexLegs(legs: readonly TransferLeg[]): Map<string, LegSlot[]> {
  const sorted = [...legs].sort((a, b) => a.entryId - b.entryId);
  const index = new Map<string, LegSlot[]>();
  for (const leg of sorted) {
    if (leg.value <= 0) continue;
    const key = legKey(
      leg.bankAccountId,
      leg.typeAccount,
      leg.value,
      dayNumber(leg.date),
      leg.otherBankAccountId,
    );
    const list = index.get(key) ?? [];
    list.push({ entryId: leg.entryId });
    index.set(key, list);
  }
  return index;
}

/**
 * Decides, for every pending bank line, which rule matches and what to do (see `LineDecision`).
 *
 * A rule matches a line on its account, of its direction (credit value > 0 is IDTypeAccount 0,
 * debit is 1), whose normalised description contains the rule's and that meets the rule's line
 * conditions (payer document, has TxId); the most specific rule wins (see `indexRules`).
 * Type 1 settles the single open title of the line's direction (receivable for a credit, payable
 * for a debit) passing the rule's filters, whose open value is |line value| and whose due date is
 * within 5 days of the line date; none or several leave the line pending with the rule.
 * Type 2 links an unreconciled leg on the line's account with the same value, day, direction and
 * the rule's destination as the other side (several: the lowest entry id, they are
 * interchangeable); otherwise it posts that transfer.
 *
 * Lines are processed by date, then id, and decisions come out in that order: a title or a leg is
 * taken by the first line that qualifies for it, so a later line sees only what is left, and a
 * posted transfer precedes the line that links its other leg. Pure: no I/O, input untouched.
 * Cost: rules are scanned per line only within the line's account and direction; titles and
 * legs are hashed by value, titles then binary-searched by due day.
 */
export function matchLines(input: MatchInput): LineDecision[] {
  const rulesByAccount = indexRules(input.rules);
  const titles = indexTitles(input.titles);
  const legs = indexLegs(input.transferLegs);
  const takenTitles = new Set<number>();
  const lines = [...input.lines].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));

  return lines.map((line): LineDecision => {
    const direction = directionOf(line.value);
    const rule = direction === null ? undefined : ruleForLine(rulesByAccount, line, direction);
    if (direction === null || !rule) return { kind: "no-rule", lineId: line.id };
    const value = Math.abs(line.value);
    const day = dayNumber(line.date);

    if (rule.typeRule === RULE_TYPE.titles) {
      const found = qualifyingTitles(titles.get(`${direction}:${value}`), rule, day, takenTitles);
      if (found.length !== 1) {
        const reason = found.length === 0 ? "no-title" : "several-titles";
        return { kind: "pending", lineId: line.id, ruleId: rule.id, reason };
      }
      const title = found[0]!;
      takenTitles.add(title.id);
      return {
        kind: "settle-title",
        lineId: line.id,
        ruleId: rule.id,
        titleId: title.id,
        bankAccountId: line.bankAccountId,
        typeAccount: direction,
        value,
        date: line.date,
      };
    }

    const other = rule.bankAccountToId!;
    const slot = legs.get(legKey(line.bankAccountId, direction, value, day, other))?.shift();
    if (slot && "entryId" in slot)
      return { kind: "link-transfer-leg", lineId: line.id, ruleId: rule.id, entryId: slot.entryId };
    if (slot)
      return {
        kind: "link-posted-transfer",
        lineId: line.id,
        ruleId: rule.id,
        postedForLineId: slot.postedForLineId,
      };

    // The new transfer's other leg may be the one a line of the other account links later.
    const otherDirection = direction === DIRECTION.credit ? DIRECTION.debit : DIRECTION.credit;
    const otherKey = legKey(other, otherDirection, value, day, line.bankAccountId);
    const waiting = legs.get(otherKey) ?? [];
    waiting.push({ postedForLineId: line.id });
    legs.set(otherKey, waiting);
    const outflow = direction === DIRECTION.debit;
    return {
      kind: "post-transfer",
      lineId: line.id,
      ruleId: rule.id,
      fromBankAccountId: outflow ? line.bankAccountId : other,
      toBankAccountId: outflow ? other : line.bankAccountId,
      value,
      date: line.date,
    };
  });
}
