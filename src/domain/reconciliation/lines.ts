import { findAcquirerLine, findBankLine } from "../../db/statement";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import type { LineKind } from "./messages";
import { RECONCILIATION_MESSAGES as M } from "./messages";
import type { LineFacts } from "./plan";

/** A bank or acquirer line of the company as the planner sees it, with the account it belongs to. */
export type LoadedLine = LineFacts & {
  bankAccountId: number | null;
  statusId: number;
  /** A feed line the bank still reports as pending (not posted): never reconciled until it posts. */
  pendingAtBank: boolean;
};

/** Loads the line of a request; another company's line is answered as missing. */
export async function loadLine(
  db: Db,
  companyId: number,
  target: { kind: LineKind; id: number },
): Promise<LoadedLine> {
  if (target.kind === "bank") {
    const line = await findBankLine(db, companyId, target.id);
    if (!line) throw badRequest(M.bankLineNotFound);
    return {
      kind: "bank",
      id: line.id,
      date: line.date,
      value: line.value,
      reconciledValue: line.reconciledValue,
      bankAccountId: line.bankAccountId,
      statusId: line.statusId,
      pendingAtBank: line.pending === 1,
    };
  }
  const line = await findAcquirerLine(db, companyId, target.id);
  if (!line) throw badRequest(M.acquirerLineNotFound);
  return {
    kind: "acquirer",
    id: line.id,
    date: line.date,
    value: line.netValue,
    reconciledValue: line.reconciledValue,
    bankAccountId: line.bankAccountId,
    statusId: line.statusId,
    pendingAtBank: false,
  };
}

export const lineNotFoundMessage = (kind: LineKind) =>
  kind === "bank" ? M.bankLineNotFound : M.acquirerLineNotFound;
