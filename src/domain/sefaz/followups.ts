/**
 * What the distribution asks again once it has caught up (Nota Técnica 2014.002): each NSU gap by
 * `consNSU` (one call per NSU), and each authorized summary whose full NF-e has not come by
 * `consChNFe` once it was manifested (210200/210210 registered: SEFAZ releases the procNFe to the
 * recipient then) or after `SUMMARY_WAIT_HOURS`. Few calls per run (each kind its own share of the 20
 * of these queries the NT allows an hour), a document asked again only after an hour and at most
 * `FOLLOW_UP_MAX_REQUESTS` times; what each call answered is the document's reason. The documents
 * these calls bring are stored like any answer's (a `Gap` row filled, a procNFe imported), but the
 * cursor never moves here: `ultNSU` belongs to `distNSU` alone.
 */
import {
  DIST_CONSUMPTION_REFUSED,
  DIST_DOCUMENTS_FOUND,
  type DistributedDocument,
  type DistributionQuery,
  type SefazDistribution,
} from "../../adapters/sefaz/distribution-types";
import {
  documentStatement,
  followUpsSince,
  gapsToAsk,
  requestedStatement,
  summariesToAsk,
  summaryLineStatement,
} from "../../db/sefaz-followups";
import { recordSyncState, type SefazIntegrationRow } from "../../db/sefaz-integrations";
import type { Statement } from "../../db/sql";
import type { Env } from "../../env";
import type { JobContext } from "../jobs/job-context";
import { answeredRows, type RowsOptions, summaryLines } from "./answer-rows";
import { type SyncParams, withImportJobs } from "./imports";
import { FOLLOW_UP_MAX_REQUESTS, keyNsu, SEFAZ_MESSAGES as M } from "./messages";
import { refusedConsumptionState, utcText } from "./state";

/** consNSU and consChNFe calls SEFAZ accepts an hour per CNPJ (NT 2014.002 v1.12; more is 656). */
export const FOLLOW_UPS_PER_HOUR = 20;
/**
 * Each kind's own share of the hour: gaps never starve the summaries awaiting their full NF-e,
 * nor the reverse.
 */
export const KEY_CALLS_PER_HOUR = 10;
export const GAP_CALLS_PER_HOUR = FOLLOW_UPS_PER_HOUR - KEY_CALLS_PER_HOUR;
/** Chunks of the invocation the follow-ups of one run take together (budget.ts). */
const FOLLOW_UP_CHUNKS = 1;
/** A summary not manifested is asked by key after this long without its full NF-e. */
export const SUMMARY_WAIT_HOURS = 24;
const ASK_AGAIN_AFTER_MS = 3600_000;

export type FollowUpCounts = {
  gapCalls: number;
  gapsFilled: number;
  keyCalls: number;
  keysFound: number;
  imports: number;
};

type Asked = { id: number; query: DistributionQuery; label: string; target: string };
export type FollowUpSetup = {
  context: JobContext;
  env: Env;
  params: SyncParams;
  settings: SefazIntegrationRow;
  service: SefazDistribution;
  environment: 1 | 2;
  rows: RowsOptions;
};

/** One consNSU/consChNFe: its documents stored and the document's reason, in one batch. */
async function ask(
  setup: FollowUpSetup,
  asked: Asked,
  requests: number,
): Promise<{ stop: boolean; found: boolean; imports: number }> {
  const { context, settings } = setup;
  const { db, job } = context;
  const companyId = job.companyId;
  const result = await setup.service.distribute({
    environment: setup.environment,
    ufAuthor: settings.uf,
    document: settings.cnpj,
    query: asked.query,
  });
  const note = (reason: string) => requestedStatement(db, companyId, asked.id, reason);
  if (!result.ok) {
    // no answer: this run asks no more (the next asks again after the hour)
    await db.batch([note(M.followUpFailed(asked.label, result.reason))]);
    return { stop: true, found: false, imports: 0 };
  }
  const answer = result.answer;
  if (answer.cStat === DIST_CONSUMPTION_REFUSED) {
    const reason = M.consumptionRefused(answer.xMotivo);
    await db.batch([note(reason)]);
    await recordSyncState(
      db,
      companyId,
      setup.params.integrationId,
      refusedConsumptionState(reason, settings.failures, new Date()),
    );
    return { stop: true, found: false, imports: 0 };
  }
  if (answer.cStat !== DIST_DOCUMENTS_FOUND) {
    const reason =
      answer.cStat === 137
        ? asked.query.kind === "consNSU"
          ? M.gapNothing(requests)
          : M.keySummaryOnly(requests)
        : M.followUpRejected(asked.label, answer.cStat, answer.xMotivo);
    await db.batch([note(reason)]);
    return { stop: false, found: false, imports: 0 };
  }
  const documents = answer.documents
    .map((document) => (document.nsu === "" ? { ...document, nsu: placeOf(asked, document) } : document))
    .filter((document, index, all) => all.findIndex((other) => other.nsu === document.nsu) === index);
  const { rows, imports } = await withImportJobs(
    context,
    setup.env,
    setup.params,
    answeredRows(setup.rows, documents),
  );
  const found = isFound(asked, documents);
  const reason = found.ok
    ? asked.query.kind === "consNSU"
      ? null
      : M.keyFound(found.nsu)
    : asked.query.kind === "consNSU"
      ? M.gapNothing(requests)
      : M.keySummaryOnly(requests);
  // the note first: a filled gap's row is then replaced by its document (reason and all)
  const statements: Statement[] = [
    note(reason ?? ""),
    ...rows.map((row) => documentStatement(db, row)),
    ...summaryLines(setup.rows, rows).map((line) => summaryLineStatement(db, line)),
  ];
  await db.batch(statements as [Statement, ...Statement[]]);
  return { stop: false, found: found.ok, imports };
}

/**
 * Where a document answered without an NSU is stored: the asked NSU (consNSU), else under the key
 * (consChNFe: the NSU is optional in these answers since NT 2014.002 v1.15).
 */
function placeOf(asked: Asked, document: DistributedDocument): string {
  if (asked.query.kind === "consNSU") return asked.query.nsu;
  const key = document.ok ? (/<chNFe>(\d{44})<\/chNFe>|Id="NFe(\d{44})"/.exec(document.xml) ?? []) : [];
  return keyNsu(key[1] ?? key[2] ?? asked.target);
}

/** consNSU: the asked NSU came; consChNFe: a full NF-e (procNFe) of the asked key came. */
function isFound(asked: Asked, documents: DistributedDocument[]): { ok: true; nsu: string } | { ok: false } {
  const hit = documents.find((document) =>
    asked.query.kind === "consNSU"
      ? document.nsu === asked.target
      : document.kind === "procNFe" && document.ok && document.xml.includes(asked.target),
  );
  return hit ? { ok: true, nsu: hit.nsu } : { ok: false };
}

/**
 * What each kind may still ask within the hour: its own share, and never past the NT's total (the
 * calls of the last hour read from the documents' `requested_at`).
 */
export function followUpBudgets(used: { total: number; byKey: number }): { keys: number; gaps: number } {
  const left = Math.max(0, FOLLOW_UPS_PER_HOUR - used.total);
  const keys = Math.min(left, Math.max(0, KEY_CALLS_PER_HOUR - used.byKey));
  const gaps = Math.min(left - keys, Math.max(0, GAP_CALLS_PER_HOUR - (used.total - used.byKey)));
  return { keys, gaps };
}

/**
 * The summaries without their full NF-e (first: SEFAZ releases the XML once they are manifested)
 * and the gaps asked again, each kind within its own share of the NT's hourly rate, the longest
 * waiting first.
 */
export async function askMissing(setup: FollowUpSetup, now: Date): Promise<FollowUpCounts> {
  const { db, job, budget } = setup.context;
  const params = setup.params;
  const counts: FollowUpCounts = { gapCalls: 0, gapsFilled: 0, keyCalls: 0, keysFound: 0, imports: 0 };
  const askedBefore = utcText(new Date(now.getTime() - ASK_AGAIN_AFTER_MS));
  const storedBefore = utcText(new Date(now.getTime() - SUMMARY_WAIT_HOURS * 3600_000));
  // one chunk for all of them: at most 20 calls of at most 3 D1 calls each (an import job made,
  // 2 when a retry finds it, and one batch), plus 3 reads: about 65 of a chunk's 133 (budget.ts)
  if (!budget.takeMore(FOLLOW_UP_CHUNKS, false)) return counts;
  const budgets = followUpBudgets(await followUpsSince(db, job.companyId, params.integrationId, askedBefore));
  const filter = { askedBefore, maxRequests: FOLLOW_UP_MAX_REQUESTS };
  const summaries =
    budgets.keys === 0
      ? []
      : await summariesToAsk(db, job.companyId, params.integrationId, {
          ...filter,
          storedBefore,
          limit: budgets.keys,
        });
  for (const summary of summaries) {
    const outcome = await ask(
      setup,
      {
        id: summary.id,
        query: { kind: "consChNFe", accessKey: summary.chNfe },
        label: "consChNFe",
        target: summary.chNfe,
      },
      summary.requests + 1,
    );
    counts.keyCalls++;
    counts.imports += outcome.imports;
    if (outcome.found) counts.keysFound++;
    if (outcome.stop) return counts;
  }
  const gaps =
    budgets.gaps === 0
      ? []
      : await gapsToAsk(db, job.companyId, params.integrationId, { ...filter, limit: budgets.gaps });
  for (const gap of gaps) {
    const outcome = await ask(
      setup,
      { id: gap.id, query: { kind: "consNSU", nsu: gap.nsu }, label: "consNSU", target: gap.nsu },
      gap.requests + 1,
    );
    counts.gapCalls++;
    counts.imports += outcome.imports;
    if (outcome.found) counts.gapsFilled++;
    if (outcome.stop) return counts;
  }
  return counts;
}
