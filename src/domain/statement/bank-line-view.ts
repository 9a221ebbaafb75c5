import type { AcquirerLineRow, BankLineRow, EntryView } from "../../db/statement";
import { groupByLine, type LineSummary, summarizeLine } from "./line-summary";

export type BankLineView = { line: BankLineRow; internalAccounts: EntryView[] } & LineSummary;
export type AcquirerLineView = { line: AcquirerLineRow; internalAccounts: EntryView[] } & LineSummary;

export function bankLineView(line: BankLineRow, linked: EntryView[]): BankLineView {
  return { line, internalAccounts: linked, ...summarizeLine(line.value, linked) };
}

/** Acquirer lines are credits of their net value. */
export function acquirerLineView(line: AcquirerLineRow, linked: EntryView[]): AcquirerLineView {
  return { line, internalAccounts: linked, ...summarizeLine(line.netValue, linked) };
}

export function bankLineViews(lines: BankLineRow[], linked: EntryView[]): BankLineView[] {
  const groups = groupByLine(linked, (e) => e.bankLineId);
  return lines.map((line) => bankLineView(line, groups.get(line.id) ?? []));
}

export function acquirerLineViews(lines: AcquirerLineRow[], linked: EntryView[]): AcquirerLineView[] {
  const groups = groupByLine(linked, (e) => e.acquirerLineId);
  return lines.map((line) => acquirerLineView(line, groups.get(line.id) ?? []));
}
