import { findActiveAccount } from "../../db/bank-accounts";
import { findCompany } from "../../db/identity";
import {
  entriesOfTitles,
  titlesForReconciliation,
  unreconciledTransferLegs,
  writeReconciliation,
} from "../../db/reconciliation";
import type { Caller, Db } from "../../env";
import { badRequest, refuseOnConflict } from "../../lib/errors";
import { reconciledStatements } from "../events/finance-events";
import { type LoadedLine, lineNotFoundMessage, loadLine } from "./lines";
import { RECONCILIATION_MESSAGES as M } from "./messages";
import { checkLineCapacity, planAccounts, planTransfers, type ReconciliationPlan } from "./plan";
import { parseReconciliationRequest, type ReconciliationBody, type ReconciliationRequest } from "./request";
import { type ReconciliationView, reconciliationView } from "./view";

/**
 * POST /accounts/bank-statement: links titles (posting or reusing their entries) or transfer legs
 * to one bank line or one acquirer line, atomically. Answers the resulting reconciliation.
 */
export async function reconcile(
  db: Db,
  caller: Caller,
  body: ReconciliationBody,
): Promise<ReconciliationView[]> {
  const request = parseReconciliationRequest(body);
  const company = await findCompany(db, caller.companyId);
  if (!company) throw badRequest(M.companyNotFound);
  const line = await loadLine(db, company.id, request.target);
  const account = await findActiveAccount(db, company.id, request.bankAccountId);
  if (!account) throw badRequest(M.bankAccountNotFound);
  // A line belongs to one account (an acquirer line without account fits any of the company).
  if (line.bankAccountId !== null && line.bankAccountId !== account.id) {
    throw badRequest(lineNotFoundMessage(line.kind));
  }
  if (line.pendingAtBank) throw badRequest(M.lineStillPendingAtBank);

  const plan = await planRequest(db, company.id, line, request);
  checkLineCapacity(line, plan);
  await refuseOnConflict(
    () =>
      writeReconciliation(
        db,
        {
          companyId: company.id,
          userId: caller.userId,
          target: request.target,
          bankAccountId: account.id,
          date: line.date,
          postings: plan.postings,
          reuses: plan.reuses,
          total: plan.total,
        },
        reconciledStatements(db, company.id, {
          kind: request.target.kind,
          id: request.target.id,
          bankAccountId: account.id,
          total: plan.total,
          titleIds: [
            ...plan.postings.map((p) => p.titleId),
            ...plan.reuses.flatMap((r) => (r.titleId === null ? [] : [r.titleId])),
          ],
          settledTitleIds: plan.postings.map((p) => p.titleId),
        }),
      ),
    M.processingFailed,
  );
  const view = await reconciliationView(db, company.id, request.target);
  return view ? [view] : [];
}

async function planRequest(
  db: Db,
  companyId: number,
  line: LoadedLine,
  request: ReconciliationRequest,
): Promise<ReconciliationPlan> {
  if (request.items.kind === "transfers") {
    const legs = await unreconciledTransferLegs(db, companyId, request.bankAccountId, request.items.entryIds);
    return planTransfers(request.items.entryIds, legs);
  }
  const titleIds = request.items.titles.map((t) => t.titleId);
  const [titles, titleEntries] = await Promise.all([
    titlesForReconciliation(db, companyId, titleIds),
    entriesOfTitles(db, companyId, titleIds),
  ]);
  return planAccounts(line, request.bankAccountId, request.items.titles, titles, titleEntries);
}
