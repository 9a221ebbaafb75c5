/**
 * `POST /orders/{idorder}/nfe` and `POST /nfe/batch`: the checks before a number is taken, the
 * numbering and the job. Every order is checked first (a 400 names what lacks; in a batch, the order
 * too); then ONE batch inserts the job and the notes, each with its number, and advances each series'
 * next number by compare-and-set: two concurrent issues never share a number (`issued_nfes_number`),
 * an order never has two notes that are not Denied (`issued_nfes_order`), and a refused batch leaves
 * nothing (no number taken). A Rejected note is issued again on its own row and number (a new dhEmi
 * and key, the same cNF); after a 539 (SEFAZ holds the number under another key) it takes a new number.
 */
import {
  activeNotesOfOrders,
  advanceNumberStatement,
  type IssuedNfeRow,
  insertEmissionJob,
  insertNotesStatement,
  jobIdByHash,
  type NewNote,
  reissueNoteStatement,
  seriesNextNumber,
} from "../../db/emission";
import type { Statement } from "../../db/sql";
import type { Db, Env } from "../../env";
import { addressRefusal } from "../../lib/address-rule";
import { ApiError, badRequest, isConstraintError } from "../../lib/errors";
import { errorFields, log } from "../../lib/log";
import type { JobQueue } from "../jobs/create-job";
import { QUEUE_FAILURE } from "../jobs/messages";
import { statusRegistry } from "../orders/registry";
import { planTransition, type StatusRegistry, type StockState } from "../orders/transitions";
import { drawCnf, noteAccessKey } from "./draft";
import {
  certificateExpired,
  NFE_MESSAGES,
  nfeBaseUrlRefused,
  noCertificate,
  orderHasNote,
  orderStatusNotInvoiceable,
} from "./messages";
import type { EmissionPorts } from "./ports";
import { assertEmissionReady } from "./readiness";
import { loadSources, type OrderSource, type SourceRequest } from "./sources";
import { brasiliaTime, DUPLICATE_OTHER_KEY, NFE_STATUS } from "./states";

/** The order status an authorized note moves its order to (Faturado). */
export const INVOICED_STATUS = 6;
/** The series of the source's model: `NFeSeries` for NF-e, `NFCeSeries` for NFC-e. */
const seriesOf = (source: OrderSource) =>
  source.model === 65 ? source.invoice.nfceSeries : source.invoice.nfeSeries;
/** Attempts when a concurrent issue took the number read. */
const NUMBER_ATTEMPTS = 20;

export type IssueDeps = {
  db: Db;
  env: Env;
  queue: JobQueue;
  account: string;
  ports: Pick<EmissionPorts, "signer">;
  now?: Date;
};

export type IssueResult = { jobId: number; notes: IssuedNfeRow[] };

const isProduction = (env: Env) => env.ENVIRONMENT !== "development";

/** The checks of one order's source (the 400s of the issue's "Bad input"), certificate aside. */
function checkSource(
  registry: StatusRegistry,
  source: OrderSource,
  refuse: (message: string) => ApiError,
): void {
  const note = source.activeNote;
  if (note && note.status !== NFE_STATUS.rejected)
    throw refuse(orderHasNote(note.id, note.status, note.number));
  try {
    assertEmissionReady(source);
  } catch (error) {
    if (error instanceof ApiError) throw refuse(error.message);
    throw error;
  }
  try {
    planTransition(registry, source.order.statusId, INVOICED_STATUS, source.order.stockState as StockState);
  } catch {
    throw refuse(orderStatusNotInvoiceable(source.order.statusId));
  }
}

/** The certificate (piece of the store) of each invoicing company: present and valid now. */
async function checkCertificates(deps: IssueDeps, companyId: number, sources: OrderSource[], now: Date) {
  const invoices = new Map(sources.map((s) => [s.invoice.id, s.invoice]));
  for (const invoice of invoices.values()) {
    if (invoice.nfeBaseUrl && isProduction(deps.env) && addressRefusal(invoice.nfeBaseUrl, true) !== null)
      throw badRequest(nfeBaseUrlRefused(invoice.id));
    const cnpj = (invoice.document ?? "").replace(/[^0-9A-Za-z]/g, "").toUpperCase();
    const signer = await deps.ports.signer(deps.db, deps.env, companyId, cnpj);
    if (!signer) throw badRequest(noCertificate(invoice.id));
    if (Date.parse(signer.notAfter) <= now.getTime())
      throw badRequest(certificateExpired(invoice.id, signer.notAfter));
  }
}

type Planned = { source: OrderSource; number: number; cnf: string; accessKey: string; issuedAt: string };

/** The numbers of the batch: per series, from its next free number; a rejected note keeps its own (not after 539). */
async function planNumbers(db: Db, sources: OrderSource[], now: Date) {
  const issuedAt = brasiliaTime(now);
  const planned: Planned[] = [];
  const advances: Statement[] = [];
  const series = new Map<string, OrderSource[]>();
  for (const source of sources) {
    const note = source.activeNote;
    if (note && note.cStat !== DUPLICATE_OTHER_KEY) {
      planned.push({ source, number: note.number, cnf: note.cnf, accessKey: "", issuedAt });
      continue;
    }
    const key = `${source.invoice.id}/${source.model}/${seriesOf(source)}`;
    series.set(key, [...(series.get(key) ?? []), source]);
  }
  for (const group of series.values()) {
    const invoice = group[0]!.invoice;
    const model = group[0]!.model;
    const next = await seriesNextNumber(db, invoice.id, model, seriesOf(group[0]!));
    if (!next) throw new Error(`invoicing company ${invoice.id} vanished`);
    group.forEach((source, index) => {
      const number = next.next + index;
      planned.push({
        source,
        number,
        cnf: source.activeNote?.cnf ?? drawCnf(number),
        accessKey: "",
        issuedAt,
      });
    });
    advances.push(advanceNumberStatement(db, invoice.id, next.stored, next.next + group.length, model));
  }
  for (const plan of planned) {
    const issuer = plan.source.invoice;
    plan.accessKey = noteAccessKey({
      uf: issuer.uf ?? "",
      issuedAt,
      cnpj: issuer.document ?? "",
      model: plan.source.model,
      series: seriesOf(plan.source),
      number: plan.number,
      emissionType: 1,
      cnf: plan.cnf,
    });
  }
  return { planned, advances };
}

function newNote(plan: Planned): NewNote {
  const { source } = plan;
  return {
    companyInvoiceId: source.invoice.id,
    orderId: source.order.id,
    model: source.model,
    series: seriesOf(source),
    number: plan.number,
    environment: source.environment,
    cnf: plan.cnf,
    accessKey: plan.accessKey,
    issuedAt: plan.issuedAt,
    recipientDocument: source.consumer?.document?.replace(/[^0-9A-Za-z]/g, "") ?? null,
    recipientName: source.consumer?.name ?? null,
  };
}

/**
 * Issues the orders' notes: checks, numbers and the job (one for all). Answers the job and the
 * notes as stored. `prefix` names the order in a batch's refusals.
 */
export async function issueNotes(
  deps: IssueDeps,
  caller: { companyId: number; userId: number | null },
  requests: SourceRequest[],
  prefix?: (orderId: number, message: string) => string,
): Promise<IssueResult> {
  const { db } = deps;
  const now = deps.now ?? new Date();
  const label = prefix ?? ((_: number, message: string) => message);
  for (let attempt = 1; ; attempt++) {
    const sources = await loadSources(db, caller.companyId, requests, prefix);
    const registry = await statusRegistry(db);
    for (const source of sources)
      checkSource(registry, source, (message) => badRequest(label(source.order.id, message)));
    await checkCertificates(deps, caller.companyId, sources, now);
    const { planned, advances } = await planNumbers(db, sources, now);
    const hash = `nfe:${crypto.randomUUID()}`;
    const fresh = planned.filter((p) => !p.source.activeNote).map(newNote);
    const statements: Statement[] = [
      insertEmissionJob(db, caller.companyId, hash, planned.length, caller.userId),
      ...(fresh.length > 0
        ? [insertNotesStatement(db, caller.companyId, hash, fresh, NFE_MESSAGES.waitingSend)]
        : []),
      ...planned.flatMap((p) =>
        p.source.activeNote
          ? [
              reissueNoteStatement(
                db,
                caller.companyId,
                p.source.activeNote.id,
                hash,
                {
                  number: p.number,
                  accessKey: p.accessKey,
                  issuedAt: p.issuedAt,
                  environment: p.source.environment,
                },
                NFE_MESSAGES.waitingSend,
              ),
            ]
          : [],
      ),
      ...advances,
    ];
    try {
      await db.batch(statements as [Statement, ...Statement[]]);
    } catch (error) {
      if (!isConstraintError(error) || attempt >= NUMBER_ATTEMPTS) throw error;
      // another issue took the number or the order meanwhile: the next round's checks say which
      continue;
    }
    const jobId = await jobIdByHash(db, caller.companyId, hash);
    if (jobId === undefined) throw new Error("emission job not found after its batch");
    try {
      await deps.queue.send({ type: "NFeEmission", account: deps.account, jobId });
    } catch (error) {
      log("error", "job message not sent", { account: deps.account, jobId, ...errorFields(error) });
      throw new ApiError(500, QUEUE_FAILURE);
    }
    const notes = await activeNotesOfOrders(
      db,
      caller.companyId,
      requests.map((r) => r.orderId),
    );
    const order = new Map(requests.map((r, i) => [r.orderId, i]));
    notes.sort((a, b) => order.get(a.orderId)! - order.get(b.orderId)!);
    return { jobId, notes };
  }
}
