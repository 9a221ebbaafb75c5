import { findCompany } from "../../db/identity";
import { type LinkOfLine, linksOfLine, writeUndo } from "../../db/reconciliation";
import type { Caller, Db } from "../../env";
import { badRequest, refuseOnConflict } from "../../lib/errors";
import { unreconciledStatements } from "../events/finance-events";
import { loadLine } from "./lines";
import { type LineKind, RECONCILIATION_MESSAGES as M } from "./messages";
import { type ReconciliationView, reconciliationView } from "./view";

export type UndoResult = {
  line: ReconciliationView;
  /** Every entry that was linked; `deleted` when the reconciliation itself had posted it. */
  unlinked: (LinkOfLine & { deleted: boolean })[];
};

/**
 * Undoes every reconciliation of a line: unlinks its entries, deletes the ones the reconciliation
 * posted (restoring their titles' open values), keeps reused ones, and sets the line back to
 * pending (status 1, nothing reconciled). One batch, audited.
 */
export async function undoReconciliation(
  db: Db,
  caller: Caller,
  target: { kind: LineKind; id: number },
): Promise<UndoResult> {
  const company = await findCompany(db, caller.companyId);
  if (!company) throw badRequest(M.companyNotFound);
  const line = await loadLine(db, company.id, target);
  const links = await linksOfLine(db, company.id, target);
  if (links.length === 0 && line.reconciledValue === 0) throw badRequest(M.nothingToUndo(target.kind));
  await refuseOnConflict(
    () =>
      writeUndo(
        db,
        {
          companyId: company.id,
          userId: caller.userId,
          target,
          readReconciledValue: line.reconciledValue,
          readStatusId: line.statusId,
          links,
        },
        unreconciledStatements(db, company.id, line),
      ),
    M.undoFailed,
  );
  const view = await reconciliationView(db, company.id, target);
  if (!view) throw badRequest(M.undoFailed);
  return { line: view, unlinked: links.map((l) => ({ ...l, deleted: l.postedByLink === 1 })) };
}
