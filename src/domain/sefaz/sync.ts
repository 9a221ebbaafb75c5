/**
 * The NF-e distribution of an integration (`SefazDistribution`, one job per integration):
 * `distNSU` from the integration's `ultNSU`, answer after answer while SEFAZ has more
 * (`ultNSU < maxNSU`). Each answer's documents, the cursor moved to its `ultNSU` and the job's
 * progress are ONE batch: the cursor never passes a document that is not stored, and a batch is
 * applied once however many deliveries race. Documents are unique per integration and NSU (a
 * repeated NSU is stored once); an NSU missing inside the answered range is stored as a `Gap`.
 * Each full NF-e (`procNFe`) then becomes an `NFeXML` job exactly as an uploaded file does (its
 * XML put in R2), so the purchase, its items and payables come from the same import. A failure or
 * a refusal (656) records the integration's state and wait, and ends the job Failed with the reason.
 */
import {
  DIST_CONSUMPTION_REFUSED,
  DIST_DOCUMENTS_FOUND,
  DIST_NOTHING_FOUND,
  type DistributedDocument,
} from "../../adapters/sefaz/distribution-types";
import { findCompany } from "../../db/identity";
import { advanceJobProgress, findJobById } from "../../db/jobs";
import { pendingAwareness } from "../../db/sefaz-followups";
import {
  findSefazIntegration,
  recordSyncState,
  type SefazIntegrationRow,
  storeAnswerStatements,
  syncableIntegrations,
} from "../../db/sefaz-integrations";
import type { Statement } from "../../db/sql";
import type { Actor, Env } from "../../env";
import { badRequest } from "../../lib/errors";
import { errorFields, log } from "../../lib/log";
import { certificateOfCnpj } from "../certificates/store";
import { D1_CALLS_PER_CHUNK } from "../jobs/budget";
import type { JobDeps } from "../jobs/create-job";
import { type JobContext, JobFailure, type JobOutcome, ProgressConflict } from "../jobs/job-context";
import { answeredRows, type RowsOptions, summaryLines } from "./answer-rows";
import { connectionCertificateOf, sefazDistributionFor } from "./connection";
import { gapDocument } from "./documents";
import { askMissing, type FollowUpCounts } from "./followups";
import { queueImports, type SyncParams, withImportJobs } from "./imports";
import { INTEGRATION_NOT_FOUND, SEFAZ_MESSAGES as M } from "./messages";
import { createSefazJob, type SefazJobRequest } from "./sefaz-jobs";
import {
  answeredState,
  distributionBlockedUntil,
  failedState,
  nsuBefore,
  nsuGaps,
  refusedConsumptionState,
  sameNsu,
  stateOfFailure,
  utcText,
} from "./state";

/** Documents (docZip) one answer of the distribution service holds at most. */
export const DOCUMENTS_PER_ANSWER = 50;

/**
 * D1 calls one answer may make at worst: when every document is a full NF-e, its import job
 * created (1 each; 2 when a retry finds it made), then one batch of a statement per document plus
 * the cursor and the progress (2): 100 + 52 = 152.
 */
const ANSWER_CALLS = DOCUMENTS_PER_ANSWER * 3 + 2;

/** Chunks of the invocation one answer takes, before its call: 152 / 133 -> 2 (budget.ts). */
const ANSWER_CHUNKS = Math.ceil(ANSWER_CALLS / D1_CALLS_PER_CHUNK);

/** SEFAZ's time limit per call (env `SEFAZ_TIMEOUT_MS` overrides it). */
const DEFAULT_TIMEOUT_MS = 20_000;

export type SyncCounts = FollowUpCounts & {
  calls: number;
  documents: number;
  summaries: number;
  full: number;
  events: number;
  invalid: number;
  duplicates: number;
  gaps: number;
  /** Summaries whose automatic awareness (210210) was queued (job `SefazAwareness`). */
  awareness: number;
};
const NO_COUNTS: SyncCounts = {
  calls: 0,
  documents: 0,
  summaries: 0,
  full: 0,
  events: 0,
  invalid: 0,
  duplicates: 0,
  gaps: 0,
  imports: 0,
  gapCalls: 0,
  gapsFilled: 0,
  keyCalls: 0,
  keysFound: 0,
  awareness: 0,
};

/** The integration of a SEFAZ job (`{"IDCompanyIntegration": n}`), or null. */
export function integrationParamsOf(job: { params: string }): SyncParams | null {
  try {
    const id = (JSON.parse(job.params) as { IDCompanyIntegration?: unknown }).IDCompanyIntegration;
    if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) return null;
    return { integrationId: id };
  } catch {
    return null;
  }
}

const savedCounts = (result: string | null): SyncCounts => {
  try {
    return { ...NO_COUNTS, ...(result ? (JSON.parse(result) as Partial<SyncCounts>) : {}) };
  } catch {
    return NO_COUNTS;
  }
};

/** Each NSU once, the first occurrence kept. */
function uniqueByNsu(documents: DistributedDocument[]): {
  unique: DistributedDocument[];
  duplicates: number;
} {
  const seen = new Set<string>();
  const unique = documents.filter((document) => !seen.has(document.nsu) && seen.add(document.nsu));
  return { unique, duplicates: documents.length - unique.length };
}

/** The job's cursor once its last answer is stored: a retry of the final Done calls SEFAZ no more. */
const CAUGHT_UP = { caughtUp: true };
const caughtUp = (cursor: string | null): boolean => {
  try {
    return cursor !== null && (JSON.parse(cursor) as { caughtUp?: unknown }).caughtUp === true;
  } catch {
    return false;
  }
};

const add = (counts: SyncCounts, more: Partial<SyncCounts>): SyncCounts =>
  Object.fromEntries(
    Object.entries(counts).map(([key, value]) => [key, value + (more[key as keyof SyncCounts] ?? 0)]),
  ) as SyncCounts;

/** `SefazDistribution`: the documents SEFAZ holds for the integration's CNPJ since its cursor. */
export async function syncDistribution(context: JobContext): Promise<JobOutcome> {
  const { db, job, budget } = context;
  const params = integrationParamsOf(job);
  if (params === null) throw new JobFailure(M.syncParams);
  const found = await findSefazIntegration(db, job.companyId, params.integrationId);
  if (!found) throw new JobFailure(M.notSefazIntegration);
  if (!found.settings) throw new JobFailure(M.notConfigured);
  let settings: SefazIntegrationRow = found.settings;
  const env = (context.env ?? {}) as Env;
  const company = await findCompany(db, job.companyId);
  const environment = company?.sefazAmbienteNf === 1 ? 1 : 2;
  const certificate = connectionCertificateOf(await certificateOfCnpj(db, job.companyId, settings.cnpj));
  const connection = sefazDistributionFor(settings, certificate, {
    env,
    production: env.ENVIRONMENT !== "development",
    environment,
    timeoutMs: Number(env.SEFAZ_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS,
    now: new Date(),
  });
  const record = (state: Parameters<typeof recordSyncState>[3]) =>
    recordSyncState(db, job.companyId, params.integrationId, state);
  if (!connection.ok) {
    await record({
      state: connection.state,
      reason: connection.reason,
      failures: settings.failures,
      retryAfter: null,
    });
    throw new JobFailure(connection.reason);
  }
  let counts = savedCounts(job.result);
  // the last answer is stored (a delivery stopped before its Done): nothing left to ask SEFAZ
  if (caughtUp(job.cursor)) return { status: "done", result: counts };
  let processed = job.processed;
  // documents stored by an earlier run whose import job was not created (a failure in between)
  counts = add(counts, { imports: await queueImports(context, env, params) });
  const rowsOptions: RowsOptions = {
    target: { companyId: job.companyId, integrationId: params.integrationId },
    recipient: settings.cnpj,
    environment,
    autoAwareness: settings.autoAwareness === 1,
  };
  /** Caught up: the gaps and missing full NF-e asked again, the awareness queued, the job Done. */
  const finish = async (): Promise<JobOutcome> => {
    const asked = await askMissing(
      { context, env, params, settings, service: connection.service, environment, rows: rowsOptions },
      new Date(),
    );
    const awareness = await queueAwareness(context, params);
    return { status: "done", result: add(counts, { ...asked, awareness }) };
  };
  // inside the hour after 137, ultNSU == maxNSU or 656, distNSU is never called (sooner is
  // consumo indevido: 656 and an hour's block of the CNPJ); the follow-ups keep their own rate,
  // except after a 656 (the CNPJ is blocked for every query)
  if (distributionBlockedUntil(settings.nextDistributionAt, new Date()) !== null) {
    if (settings.state === "ConsumptionRefused") return { status: "done", result: counts };
    return finish();
  }
  // each answer takes its worst case of the budget before its call (never a call whose answer
  // could not be stored); the delivery's first is forced through, so the job always advances
  for (let answers = 0; ; answers++) {
    if (!budget.takeMore(ANSWER_CHUNKS, answers === 0)) return { status: "continue" };
    const from = settings.ultNsu;
    const result = await connection.service.distribute({
      environment,
      ufAuthor: settings.uf,
      document: settings.cnpj,
      query: { kind: "distNSU", ultNsu: from },
    });
    const now = new Date();
    if (!result.ok) {
      await record(failedState(stateOfFailure(result.failure), result.reason, settings.failures, now));
      throw new JobFailure(result.reason);
    }
    const answer = result.answer;
    if (answer.cStat === DIST_CONSUMPTION_REFUSED) {
      const reason = M.consumptionRefused(answer.xMotivo);
      await record(refusedConsumptionState(reason, settings.failures, now));
      throw new JobFailure(reason);
    }
    if (answer.cStat === DIST_NOTHING_FOUND) {
      await record(answeredState(true, M.nothingNew, now));
      counts = add(counts, { calls: 1 });
      return finish();
    }
    if (answer.cStat !== DIST_DOCUMENTS_FOUND) {
      const reason = M.rejected(answer.cStat, answer.xMotivo);
      await record(failedState("Refused", reason, settings.failures, now));
      throw new JobFailure(reason);
    }
    // distNSU pages by NSU: a document without one cannot be placed under the cursor
    if (answer.documents.some((document) => document.nsu === "")) {
      const reason = M.distNsuWithoutNsu;
      await record(failedState("InvalidAnswer", reason, settings.failures, now));
      throw new JobFailure(reason);
    }
    const { unique, duplicates } = uniqueByNsu(answer.documents);
    const highest = unique.reduce((max, d) => (nsuBefore(max, d.nsu) ? d.nsu : max), from);
    // the cursor goes to the answer's ultNSU, never back, and never short of a document it stored
    const toNsu = nsuBefore(answer.ultNsu, highest) ? highest : answer.ultNsu;
    if (nsuBefore(toNsu, from)) {
      const reason = "resposta inválida: ultNSU anterior ao cursor";
      await record(failedState("InvalidAnswer", reason, settings.failures, now));
      throw new JobFailure(reason);
    }
    const present = new Set(unique.map((d) => d.nsu));
    const gaps = nsuGaps(from, [...present]).filter((nsu) => !present.has(nsu));
    // each full NF-e's import job is created before the answer's batch and the document stored
    // with it: a batch refused and retried finds the same job (same bytes), none is lost or doubled
    const { rows: stored, imports } = await withImportJobs(
      context,
      env,
      params,
      answeredRows(rowsOptions, unique),
    );
    const rows = [...stored, ...gaps.map((nsu) => gapDocument(rowsOptions.target, nsu))];
    const upToDate = sameNsu(toNsu, answer.maxNsu) || unique.length === 0;
    const state = answeredState(upToDate, upToDate ? M.caughtUp : null, now);
    const more: Partial<SyncCounts> = {
      calls: 1,
      documents: unique.length,
      summaries: rows.filter((r) => r.status === "Summary").length,
      full: rows.filter((r) => r.status === "Queued" || r.status === "Imported").length,
      events: rows.filter((r) => r.status === "Stored").length,
      invalid: rows.filter((r) => r.status === "Invalid").length,
      duplicates,
      gaps: gaps.length,
      imports,
    };
    const next = add(counts, more);
    const statements: Statement[] = [
      ...storeAnswerStatements(
        db,
        job.companyId,
        params.integrationId,
        rows,
        { fromNsu: from, toNsu, maxNsu: answer.maxNsu },
        { ...state, failures: 0 },
        summaryLines(rowsOptions, stored),
      ),
      advanceJobProgress(
        db,
        job.id,
        processed,
        processed + unique.length + 1,
        next,
        upToDate ? CAUGHT_UP : undefined,
      ),
    ];
    try {
      await db.batch(statements as [Statement, ...Statement[]]);
    } catch (error) {
      // another delivery of the job applied this answer first: this one stops without writing;
      // anything else (the database refusing the write) is an error, retried from the cursor
      const current = await findJobById(db, job.id);
      if (current && (current.processed !== processed || current.status !== "Processing")) {
        throw new ProgressConflict(`distribution job ${job.id} moved by another delivery`);
      }
      log("error", "distribution batch refused", {
        integrationId: params.integrationId,
        ...errorFields(error),
      });
      throw error;
    }
    processed += unique.length + 1;
    counts = next;
    settings = { ...settings, ultNsu: toNsu, maxNsu: answer.maxNsu, failures: 0 };
    if (upToDate) return finish();
  }
}

/**
 * The integration's `SefazAwareness` job when summaries wait for their automatic awareness: through
 * the queue, never inside the distribution's batch. A queue that refuses the message leaves them
 * Pending for the next run. Answers how many wait.
 */
async function queueAwareness(context: JobContext, params: SyncParams): Promise<number> {
  const { db, job } = context;
  const pending = await pendingAwareness(db, job.companyId, params.integrationId, 1000);
  if (pending.length === 0) return 0;
  const env = (context.env ?? {}) as Env;
  try {
    await createSefazJob(
      { db, queue: env.JOBS, account: context.account },
      "awareness",
      job.companyId,
      params.integrationId,
      job.createdBy,
    );
  } catch (error) {
    log("warn", "awareness job not queued", { integrationId: params.integrationId, ...errorFields(error) });
  }
  return pending.length;
}

export type SyncRequest = SefazJobRequest & {
  /** UTC: distNSU waits until then (the job asks only the follow-ups); null: it is called now. */
  nextDistributionAt: string | null;
};

/**
 * `POST /company/integration/{id}/sefaz/sync`: a distribution now, whatever the schedule's wait,
 * except SEFAZ's own: inside the hour after 137, `ultNSU == maxNSU` or 656 the job does not call
 * distNSU and the answer says from when it may.
 */
export async function requestSefazSync(
  deps: JobDeps,
  request: Actor & { integrationId: number },
  now: Date = new Date(),
): Promise<SyncRequest> {
  const found = await findSefazIntegration(deps.db, request.companyId, request.integrationId);
  if (!found) throw badRequest(INTEGRATION_NOT_FOUND);
  if (!found.settings) throw badRequest(M.notConfigured);
  const job = await createSefazJob(deps, "sync", request.companyId, request.integrationId, request.userId);
  return { ...job, nextDistributionAt: distributionBlockedUntil(found.settings.nextDistributionAt, now) };
}

/** The cron: one distribution job per configured integration whose wait is over. */
export async function scheduleSefazSyncs(deps: JobDeps, now: Date): Promise<number> {
  let created = 0;
  for (const { companyId, integrationId } of await syncableIntegrations(deps.db, utcText(now))) {
    const job = await createSefazJob(deps, "sync", companyId, integrationId, null);
    if (job.created) created++;
  }
  return created;
}
