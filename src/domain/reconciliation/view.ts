import {
  entriesLinkedToAcquirerLine,
  entriesLinkedToBankLine,
  findAcquirerLine,
  findBankLine,
} from "../../db/statement";
import type { Db } from "../../env";
import {
  type AcquirerLineView,
  acquirerLineView,
  type BankLineView,
  bankLineView,
} from "../statement/bank-line-view";
import type { LineKind } from "./messages";

export type ReconciliationView =
  | ({ kind: "bank" } & BankLineView)
  | ({ kind: "acquirer" } & AcquirerLineView);

/** A line as it stands now, with its linked entries, totals and difference. */
export async function reconciliationView(
  db: Db,
  companyId: number,
  target: { kind: LineKind; id: number },
): Promise<ReconciliationView | null> {
  if (target.kind === "bank") {
    const line = await findBankLine(db, companyId, target.id);
    if (!line) return null;
    return { kind: "bank", ...bankLineView(line, await entriesLinkedToBankLine(db, companyId, line.id)) };
  }
  const line = await findAcquirerLine(db, companyId, target.id);
  if (!line) return null;
  return {
    kind: "acquirer",
    ...acquirerLineView(line, await entriesLinkedToAcquirerLine(db, companyId, line.id)),
  };
}
