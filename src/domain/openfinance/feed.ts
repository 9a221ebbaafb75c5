/**
 * The bank feed of a bank account (`PUT/GET/DELETE /accounts/bank-account/{id}/feed`): which
 * integration of Kind `OPENFINANCE`, aggregator item and aggregator account feed its statement, the
 * item's state and what the user must do, the last sync and the month's budget. The account and the
 * integration must be the caller company's; an aggregator account feeds one bank account only.
 */
import {
  activeAccountOfCompany,
  type BankFeedRow,
  deleteFeed,
  feedOfAggregatorAccount,
  findFeed,
  findOpenFinanceIntegration,
  OPENFINANCE_KIND,
  pendingFeedTotal,
  saveFeed,
} from "../../db/openfinance";
import type { Actor, Db } from "../../env";
import { badRequest, isConstraintError } from "../../lib/errors";
import { BANK_ACCOUNT_NOT_FOUND } from "../bank-accounts/messages";
import type { JobDeps } from "../jobs/create-job";
import { OPENFINANCE_MESSAGES as M } from "./messages";
import { createSyncJob, type SyncRequest } from "./sync";

export type FeedInput = { integrationId: number; itemId: string; accountId: string };

export type FeedView = { feed: BankFeedRow; pending: { count: number; sum: number } };

async function accountOf(db: Db, companyId: number, bankAccountId: number) {
  if (!(await activeAccountOfCompany(db, companyId, bankAccountId))) throw badRequest(BANK_ACCOUNT_NOT_FOUND);
}

async function view(db: Db, companyId: number, bankAccountId: number): Promise<FeedView> {
  const feed = await findFeed(db, companyId, bankAccountId);
  if (!feed) throw badRequest(M.feedNotFound);
  return { feed, pending: await pendingFeedTotal(db, bankAccountId) };
}

/** `GET /accounts/bank-account/{id}/feed`. */
export async function getFeed(db: Db, companyId: number, bankAccountId: number): Promise<FeedView> {
  await accountOf(db, companyId, bankAccountId);
  return view(db, companyId, bankAccountId);
}

/** `PUT /accounts/bank-account/{id}/feed`: creates or points the feed elsewhere. */
export async function putFeed(
  db: Db,
  companyId: number,
  bankAccountId: number,
  input: FeedInput,
): Promise<FeedView> {
  await accountOf(db, companyId, bankAccountId);
  const integration = await findOpenFinanceIntegration(db, companyId, input.integrationId);
  if (!integration || integration.kind !== OPENFINANCE_KIND) throw badRequest(M.notOpenFinanceIntegration);
  if (!integration.settings) throw badRequest(M.notConfigured);
  const taken = await feedOfAggregatorAccount(db, input.integrationId, input.accountId);
  if (taken && taken.bankAccountId !== bankAccountId)
    throw badRequest(M.feedAccountTaken(taken.bankAccountId));
  try {
    await saveFeed(db, companyId, bankAccountId, {
      companyIntegrationId: input.integrationId,
      itemId: input.itemId,
      accountId: input.accountId,
    });
  } catch (error) {
    // a concurrent feed took the aggregator account first (UNIQUE integration + account)
    if (isConstraintError(error)) {
      const other = await feedOfAggregatorAccount(db, input.integrationId, input.accountId);
      throw badRequest(M.feedAccountTaken(other?.bankAccountId ?? 0));
    }
    throw error;
  }
  return view(db, companyId, bankAccountId);
}

/** `DELETE /accounts/bank-account/{id}/feed`: the feed stops; its lines stay on the statement. */
export async function removeFeed(db: Db, companyId: number, bankAccountId: number): Promise<void> {
  await accountOf(db, companyId, bankAccountId);
  if (!(await deleteFeed(db, companyId, bankAccountId))) throw badRequest(M.feedNotFound);
}

/** `POST /accounts/bank-account/{id}/feed/sync`: a sync now, with a refresh at the institution if the budget allows. */
export async function requestFeedSync(
  deps: JobDeps,
  request: Actor & { bankAccountId: number },
): Promise<SyncRequest> {
  await accountOf(deps.db, request.companyId, request.bankAccountId);
  const feed = await findFeed(deps.db, request.companyId, request.bankAccountId);
  if (!feed) throw badRequest(M.feedNotFound);
  return createSyncJob(deps, request.companyId, request.bankAccountId, true, request.userId);
}
