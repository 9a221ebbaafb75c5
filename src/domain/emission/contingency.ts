/**
 * SVC contingency of the NF-e (model 55) and the authorizers' status (issue 42, items 3 and 4):
 *
 * - the status store: each authorizer's last known cStat/xMotivo and when it was asked, written by
 *   the status service (NFeStatusServico4, polled at most once every `STATUS_POLL_SECONDS` per
 *   authorizer: a compare-and-set on the row's `polled_at`) and by a 108/109 answered to a send;
 *   a call without an answer (timeout, garbage, 5xx) is stored as a readable failure (cStat null);
 * - the invoicing company's mode: it ENTERS SVC (tpEmis 6 SVC-AN or 7 SVC-RS, the UF's from the
 *   table) when its UF's NF-e authorizer is known stopped (108/109), and LEAVES when the status
 *   service answers 107 (in operation) after the entry; each change is one batch with the event
 *   `nfe.contingency`, guarded by compare-and-set (two jobs never enter or leave twice).
 *
 * The job (job.ts) asks `emissionModeOf` before it sends a note, and `stoppedAnswered` when a send
 * is answered 108/109; GET /nfe/status asks `authorizerStatuses`.
 */

import {
  type AuthorizerName,
  authorizerOf,
  contingencyOf,
} from "../../adapters/sefaz/authorization/authorizers";
import type {
  AuthorizationClient,
  AuthorizationConnection,
  AuthorizationFailure,
} from "../../adapters/sefaz/authorization/client";
import {
  type AuthorizerKey,
  type AuthorizerStatusRow,
  authorizerStatusRows,
  claimStatusPoll,
  enterContingencyStatement,
  leaveContingencyStatement,
  recordAuthorizerAnswer,
} from "../../db/contingency";
import { type CompanyInvoiceRow, invoiceCompaniesByIds } from "../../db/emission";
import { PREVIOUS_STATEMENT_CHANGED } from "../../db/events/outbox";
import type { Db } from "../../env";
import { eventStatement } from "../events/outbox";
import { brasiliaTime, SERVICE_STOPPED } from "./states";

/** The status service is polled at most once in this many seconds per authorizer. */
export const STATUS_POLL_SECONDS = 180;
/** NFeStatusServico4: 107 the service is in operation. */
const IN_OPERATION = 107;

export type EmissionType = 1 | 6 | 7;
export type EmissionMode = {
  emissionType: EmissionType;
  contingency: { since: string; reason: string } | null;
};

/** The names of the SVC authorizers by tpEmis. */
const SVC_NAMES: Record<6 | 7, "SVC-AN" | "SVC-RS"> = { 6: "SVC-AN", 7: "SVC-RS" };

/** The name of the mode's SVC, null in normal emission. */
export const contingencyModeName = (mode: EmissionMode) =>
  mode.emissionType === 1 ? null : SVC_NAMES[mode.emissionType];

/** xJust of the notes of a contingency period (15 to 256 characters): which authorizer stopped and what it said. */
const contingencyReason = (authorizer: string, cStat: number | null, xMotivo: string | null) =>
  `Autorizador ${authorizer} da NF-e paralisado (${cStat ?? "sem cStat"} - ${xMotivo ?? "sem motivo"})`.slice(
    0,
    256,
  );

/** A status call without an answer, as the store keeps it (xMotivo of a row with cStat null). */
function statusFailureText(failure: AuthorizationFailure): string {
  const kinds: Record<AuthorizationFailure["kind"], string> = {
    fault: "falha SOAP",
    unavailable: "serviço indisponível",
    invalid_answer: "resposta que não é a do serviço",
    timeout: "tempo esgotado",
    network: "falha de conexão",
    refused_call: "chamada recusada",
  };
  const status = failure.status ? ` HTTP ${failure.status}` : "";
  return `Sem resposta do NFeStatusServico4: ${kinds[failure.kind]}${status}: ${failure.detail}`.slice(
    0,
    500,
  );
}

const utcNow = (now: Date) => now.toISOString().slice(0, 19).replace("T", " ");
const utcInstant = (text: string) => Date.parse(`${text.replace(" ", "T")}Z`);

/** What a call to SEFAZ needs besides the authorizer (the issuer's UF, environment, endpoint, binding...). */
type StatusConnection = Omit<AuthorizationConnection, "model" | "emissionType"> & {
  environment: 1 | 2;
};

type StatusDeps = {
  db: Db;
  client: (connection: AuthorizationConnection) => AuthorizationClient;
  now?: () => Date;
};

/** One authorizer relevant to an issuer: the UF's NF-e, its NFC-e, and its SVC. */
type RelevantAuthorizer = {
  name: AuthorizerName;
  model: 55 | 65;
  emissionType: EmissionType;
  role: "NFe" | "NFCe" | "SVC";
};

function relevantAuthorizers(uf: string, environment: 1 | 2): RelevantAuthorizer[] {
  const svc = contingencyOf(uf);
  return [
    { name: authorizerOf(uf, 55, environment).name, model: 55, emissionType: 1, role: "NFe" },
    { name: authorizerOf(uf, 65, environment).name, model: 65, emissionType: 1, role: "NFCe" },
    { name: svc.name, model: 55, emissionType: svc.emissionType, role: "SVC" },
  ];
}

const keyOf = (
  target: Pick<RelevantAuthorizer, "name" | "model">,
  connection: Pick<StatusConnection, "environment" | "baseUrl">,
): AuthorizerKey => ({
  authorizer: target.name,
  model: target.model,
  environment: connection.environment,
  endpoint: connection.baseUrl ?? "",
});

/**
 * Polls the status service of `target` when its last poll is older than three minutes (the claim
 * is a compare-and-set: a concurrent caller skips) and stores the answer, or the failure. Never
 * throws for what SEFAZ answers.
 */
async function pollStatus(
  deps: StatusDeps,
  target: Pick<RelevantAuthorizer, "name" | "model" | "emissionType">,
  connection: StatusConnection,
): Promise<void> {
  const key = keyOf(target, connection);
  const askedAt = utcNow(deps.now?.() ?? new Date());
  if (!(await claimStatusPoll(deps.db, key, askedAt, STATUS_POLL_SECONDS))) return;
  const client = deps.client({ ...connection, model: target.model, emissionType: target.emissionType });
  const answer = await client.status();
  await recordAuthorizerAnswer(
    deps.db,
    key,
    answer.ok
      ? {
          cStat: answer.cStat,
          xMotivo: answer.xMotivo,
          stopped: SERVICE_STOPPED.has(answer.cStat),
          source: "status",
          askedAt,
        }
      : {
          cStat: null,
          xMotivo: statusFailureText(answer.failure),
          stopped: false,
          source: "status",
          askedAt,
        },
  );
}

/** The relevant authorizers of an issuer, each polled if due, with their stored rows. */
export async function authorizerStatuses(
  deps: StatusDeps,
  uf: string,
  connection: StatusConnection,
): Promise<{ target: RelevantAuthorizer; row: AuthorizerStatusRow | null }[]> {
  const targets = relevantAuthorizers(uf, connection.environment);
  await Promise.all(targets.map((target) => pollStatus(deps, target, { ...connection, uf })));
  const rows = await authorizerStatusRows(
    deps.db,
    targets.map((t) => keyOf(t, connection)),
  );
  return targets.map((target) => {
    const key = keyOf(target, connection);
    const row = rows.find((r) => r.authorizer === key.authorizer && r.model === key.model) ?? null;
    return { target, row };
  });
}

/** The mode the invoicing company's contingency columns say. */
export function modeOfInvoice(
  invoice: Pick<CompanyInvoiceRow, "contingencyMode" | "contingencySince" | "contingencyReason">,
): EmissionMode {
  const mode = invoice.contingencyMode;
  if ((mode === 6 || mode === 7) && invoice.contingencySince && invoice.contingencyReason)
    return {
      emissionType: mode,
      contingency: { since: invoice.contingencySince, reason: invoice.contingencyReason },
    };
  return { emissionType: 1, contingency: null };
}

type ModeChange = {
  db: Db;
  companyId: number;
  invoice: CompanyInvoiceRow;
  authorizer: string;
  row: Pick<AuthorizerStatusRow, "cStat" | "xMotivo">;
  now: Date;
};

/** Enters SVC: the company's mode and `nfe.contingency` in one batch, only from normal emission. */
async function enter(change: ModeChange): Promise<EmissionMode> {
  const { db, companyId, invoice, row } = change;
  const svc = contingencyOf(invoice.uf ?? "");
  const since = brasiliaTime(change.now);
  const reason = contingencyReason(change.authorizer, row.cStat, row.xMotivo);
  const [updated] = await db.batch([
    enterContingencyStatement(db, companyId, invoice.id, { mode: svc.emissionType, since, reason }),
    eventStatement(
      db,
      companyId,
      {
        type: "nfe.contingency",
        payload: {
          IDCompanyInvoice: invoice.id,
          Entered: true,
          ContingencyMode: svc.name,
          EmissionType: svc.emissionType,
          ContingencySince: since,
          Reason: reason,
          Authorizer: change.authorizer,
          cStat: row.cStat,
          xMotivo: row.xMotivo,
        },
      },
      { onlyIf: PREVIOUS_STATEMENT_CHANGED },
    ),
  ]);
  if ((updated as { meta?: { changes?: number } }).meta?.changes === 1)
    return { emissionType: svc.emissionType, contingency: { since, reason } };
  // another job changed the mode meanwhile: what it wrote holds
  const [again] = await invoiceCompaniesByIds(db, companyId, [invoice.id]);
  return again ? modeOfInvoice(again) : { emissionType: 1, contingency: null };
}

/** Leaves SVC: normal emission again and `nfe.contingency`, only from the contingency read. */
async function leave(change: ModeChange, mode: EmissionMode): Promise<void> {
  const { db, companyId, invoice, row } = change;
  const since = mode.contingency!.since;
  await db.batch([
    leaveContingencyStatement(db, companyId, invoice.id, since),
    eventStatement(
      db,
      companyId,
      {
        type: "nfe.contingency",
        payload: {
          IDCompanyInvoice: invoice.id,
          Entered: false,
          ContingencyMode: null,
          EmissionType: 1,
          ContingencySince: since,
          Reason: mode.contingency!.reason,
          Authorizer: change.authorizer,
          cStat: row.cStat,
          xMotivo: row.xMotivo,
        },
      },
      { onlyIf: PREVIOUS_STATEMENT_CHANGED },
    ),
  ]);
}

/**
 * The mode the invoicing company's next NF-e is signed in: the status service of its UF's NF-e
 * authorizer polled if due, then the store decides: stopped (108/109, asked by the status service
 * or answered to a send) → SVC; in SVC and the status service answered 107 after the entry →
 * normal again. A company whose mode another job changed meanwhile keeps what that job wrote.
 */
export async function emissionModeOf(
  deps: StatusDeps & { companyId: number },
  invoice: CompanyInvoiceRow,
  connection: StatusConnection,
): Promise<EmissionMode> {
  const now = deps.now?.() ?? new Date();
  const current = modeOfInvoice(invoice);
  let normal: RelevantAuthorizer;
  try {
    normal = relevantAuthorizers(invoice.uf ?? "", connection.environment)[0]!;
  } catch {
    return current; // a UF the table lacks: the send says why
  }
  await pollStatus(deps, normal, connection);
  const [row] = await authorizerStatusRows(deps.db, [keyOf(normal, connection)]);
  if (!row) return current;
  const change = { db: deps.db, companyId: deps.companyId, invoice, authorizer: normal.name, row, now };
  if (current.emissionType === 1) return row.stopped === 1 ? enter(change) : current;
  const back =
    row.source === "status" &&
    row.cStat === IN_OPERATION &&
    row.askedAt !== null &&
    utcInstant(row.askedAt) > Date.parse(current.contingency!.since);
  if (!back) return current;
  await leave(change, current);
  return { emissionType: 1, contingency: null };
}

/**
 * A send (or a consult) answered 108/109: the store learns it at once (source `authorization`)
 * and, when it was the UF's NF-e authorizer and the company emits normally, the company enters SVC.
 */
export async function stoppedAnswered(
  deps: StatusDeps & { companyId: number },
  invoice: CompanyInvoiceRow,
  connection: StatusConnection,
  emissionType: EmissionType,
  answer: { cStat: number; xMotivo: string },
): Promise<EmissionMode> {
  const now = deps.now?.() ?? new Date();
  const uf = invoice.uf ?? "";
  const name = authorizerOf(uf, 55, connection.environment, emissionType).name;
  await recordAuthorizerAnswer(deps.db, keyOf({ name, model: 55 }, connection), {
    cStat: answer.cStat,
    xMotivo: answer.xMotivo,
    stopped: true,
    source: "authorization",
    askedAt: utcNow(now),
  });
  const current = modeOfInvoice(invoice);
  if (emissionType !== 1 || current.emissionType !== 1) return current;
  return enter({ db: deps.db, companyId: deps.companyId, invoice, authorizer: name, row: answer, now });
}
