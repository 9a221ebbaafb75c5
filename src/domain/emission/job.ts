/**
 * `NFeEmission`: the job of an issue (one order or a batch of up to 500). Per note, while it is open
 * (Processing, or Pending whose `retryAt` passed):
 *
 * 1. when its XML may already be at SEFAZ (`sent` 1), NFeConsultaProtocolo4 by key first: 100 is the
 *    authorization (never a second send), 217 (not in SEFAZ's base) lets the stored XML go again;
 * 2. otherwise the draft from the order as it is now (the checks again), signed with the invoicing
 *    company's certificate, stored in R2 and marked `sent` BEFORE the first send;
 * 3. NFeAutorizacao4 (indSinc 1) at the authorizer of the issuer's UF and environment (or its
 *    `NFeBaseUrl`), then by answer (states.ts): 100/150 → the nfeProc in R2, and in ONE batch the note
 *    Authorized with its protocol, the order moved to 6 (Faturado) with its stock leaving
 *    (`statusChangeWrites`, version guard) and `nfe.authorized`; 110/301/302/303 → Denied;
 *    other rejections → Rejected with cStat/xMotivo verbatim and `nfe.rejected`, the order unchanged;
 *    no answer (timeout, 5xx, network) → consult by key before any resend; 204 → consult;
 *    539 → Rejected (the next issue of the order takes a new number); 656 → Pending for an hour;
 *    108/109 → Pending for five minutes; 103 → the receipt (NFeRetAutorizacao4), then by key.
 *
 * Notes are taken `NOTES_PER_CHUNK` to a chunk of the invocation's budget. While notes wait
 * (`retryAt`), the job's message comes back after the wait; the job ends Done when every note is
 * Authorized, Rejected or Denied, or Pending past `MAX_NOTE_ATTEMPTS`, its result listing each note's
 * state and reason.
 */

import { z } from "zod";
import {
  type CompanyInvoiceRow,
  changeNote,
  type IssuedNfeRow,
  invoiceCompaniesByIds,
  noteChangeStatement,
  notesOfJob,
} from "../../db/emission";
import { findOrder, type OrderRow } from "../../db/orders/orders";
import type { Env } from "../../env";
import { inLanes } from "../../lib/concurrent";
import { ApiError } from "../../lib/errors";
import { errorFields, log } from "../../lib/log";
import { signerOnce } from "../certificates/signer";
import { eventStatement } from "../events/outbox";
import type { JobContext, JobOutcome } from "../jobs/job-context";
import type { JobDefinition } from "../jobs/types";
import { commitOrderWrite } from "../orders/write";
import type { EmissionMode } from "./contingency";
import { answeredStopped, mustResign, nfceSending, sendingMode, withMode } from "./contingency-send";
import { buildDraft } from "./draft";
import { type ChunkInvoicing, chunkInvoicing, invoicingStatements, type OrderInvoicing } from "./invoicing";
import { INVOICED_STATUS } from "./issue";
import { NFE_MESSAGES as M } from "./messages";
import { offlineIfAllowed, offlineWanted, signNfceNote, transmitOffline } from "./nfce-job";
import { authorizedPayload, rejectedPayload } from "./note-events";
import { type EmissionPorts, emissionPorts } from "./ports";
import { assertEmissionReady } from "./readiness";
import { loadSources, type OrderSource } from "./sources";
import {
  decideAnswer,
  MAX_NOTE_ATTEMPTS,
  NFE_STATUS,
  NO_ANSWER_BACKOFF_SECONDS,
  NOT_IN_BASE,
  NOTES_IN_FLIGHT,
  OPEN_STATUSES,
  RECEIPT_BACKOFF_SECONDS,
  utcAfter,
} from "./states";
import { noteProcKey, noteXmlKey } from "./storage-keys";

/**
 * Notes per chunk of the invocation's budget (`D1_CALLS_PER_CHUNK`, 133): the chunk's reads (its
 * sources, about 10 calls; what invoicing its orders reads, one batch of 8 statements), then per note
 * the pre-send write (1) and the authorization's batch (13 statements: invoicing.ts
 * `invoicingStatements` with the note's change and `nfe.authorized`): 8 x 14 + 18 = 130.
 */
export const NOTES_PER_CHUNK = 8;
/** Longest wait before the job's message comes back (the queue allows 12 hours; a note's `retryAt` is at most an hour). */
const MAX_WAIT_SECONDS = 3600;

type Client = ReturnType<EmissionPorts["client"]>;
type Signer = NonNullable<Awaited<ReturnType<EmissionPorts["signer"]>>>;
type Authorization = {
  cStat: number;
  xMotivo: string;
  protNFeXml: string | null;
  protocol: string | null;
  authorizedAt: string | null;
};

const nowUtc = () => new Date().toISOString().slice(0, 19).replace("T", " ");

type NoteRun = {
  context: JobContext;
  env: Env;
  ports: EmissionPorts;
  note: IssuedNfeRow;
  source: OrderSource | null;
  sourceError: string | null;
  /** The note's invoicing company (from the source, or read alone when the order can no longer be issued). */
  invoice: CompanyInvoiceRow | null;
  /** What invoicing the chunk's orders reads, read once for the chunk (absent: each note reads its own). */
  invoicing?: ChunkInvoicing | undefined;
  /** The send's attempt was counted with the pre-send write (`sent` 1) of a note signed now. */
  attemptMarked?: boolean;
  /** The company's emission mode (normal or SVC contingency, contingency-send.ts). */
  mode?: EmissionMode;
};

function timeoutOf(env: Env): number {
  const parsed = Number(env.SEFAZ_TIMEOUT_MS);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : 20_000;
}

/** The note's XML stored before its first send (the same document for every resend). */
async function storedXml(run: NoteRun): Promise<string | null> {
  const { note, context } = run;
  if (!note.xmlKey) return null;
  const object = await context.bucket.get(note.xmlKey);
  return object ? object.text() : null;
}

async function closeNote(
  run: NoteRun,
  status: "Rejected" | "Denied",
  cStat: number | null,
  xMotivo: string,
): Promise<void> {
  const { context, note } = run;
  const companyId = context.job.companyId;
  await context.db.batch([
    noteChangeStatement(context.db, companyId, note.id, { status, cStat, xMotivo, retryAt: null }),
    eventStatement(context.db, companyId, {
      type: "nfe.rejected",
      payload: rejectedPayload(note, { status, cStat, xMotivo }),
    }),
  ]);
}

async function waitNote(run: NoteRun, cStat: number | null, xMotivo: string, seconds: number): Promise<void> {
  const { context, note } = run;
  const exhausted = note.attempts + 1 >= MAX_NOTE_ATTEMPTS;
  await changeNote(context.db, context.job.companyId, note.id, {
    status: NFE_STATUS.pending,
    cStat,
    xMotivo: exhausted ? `${xMotivo}. ${M.gaveUp(note.attempts + 1)}` : xMotivo,
    retryAt: exhausted ? null : utcAfter(new Date(), seconds),
    attempt: true,
  });
}

/**
 * The authorization: the nfeProc in R2, then ONE batch: the note Authorized with its protocol, the
 * order to 6 with its stock leaving, the order's events and `nfe.authorized`. The order's version
 * guards the batch; a concurrent change of the order is read again (3 times).
 */
async function authorize(run: NoteRun, signedXml: string, answer: Authorization): Promise<void> {
  const { context, note, ports } = run;
  const { db, job } = context;
  const companyId = job.companyId;
  const procKey = noteProcKey(companyId, note);
  const prot = answer.protNFeXml ?? "";
  await context.bucket.put(procKey, ports.proc(signedXml, prot), {
    httpMetadata: { contentType: "application/xml" },
  });
  const authorized = {
    status: NFE_STATUS.authorized,
    cStat: answer.cStat,
    xMotivo: answer.xMotivo,
    protocol: answer.protocol,
    authorizedAt: answer.authorizedAt,
    procKey,
    retryAt: null,
  };
  const event = eventStatement(db, companyId, {
    type: "nfe.authorized",
    payload: authorizedPayload(note, answer),
  });
  const invoice = async (order: OrderRow, known?: OrderInvoicing) => {
    const caller = { companyId, userId: job.createdBy };
    const batch = await invoicingStatements(
      db,
      caller,
      order,
      [noteChangeStatement(db, companyId, note.id, authorized), event],
      known,
    );
    await commitOrderWrite(db, order, batch.statements, { movesStock: batch.movesStock });
  };
  // first from what the chunk read for all its orders; when that batch is refused (the order or the
  // stock changed meanwhile), read again as below
  const known = run.invoicing?.of(note.orderId);
  if (known) {
    try {
      await invoice(known.order, known);
      run.invoicing?.invoiced(note.orderId);
      return;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  let reason = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const order = await findOrder(db, companyId, note.orderId);
    if (!order) break;
    try {
      await invoice(order);
      return;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      reason = error.message;
    }
  }
  // SEFAZ authorized it: the note is recorded whatever the order (moved or cancelled meanwhile)
  log("error", "authorized NF-e whose order could not be invoiced", { nfeId: note.id, reason });
  await db.batch([
    noteChangeStatement(db, companyId, note.id, {
      ...authorized,
      xMotivo: `${answer.xMotivo} (${M.invoiceFailed(reason)})`,
    }),
    event,
  ]);
}

/** What an answer of SEFAZ (authorization, receipt or consult) does to the note. */
async function apply(
  run: NoteRun,
  client: Client,
  signedXml: string,
  answer: Authorization & { receipt?: string | null },
  depth = 0,
): Promise<void> {
  const decision = decideAnswer(answer.cStat, answer.xMotivo);
  switch (decision.kind) {
    case "authorized":
      return authorize(run, signedXml, answer);
    case "denied":
      return closeNote(run, NFE_STATUS.denied, answer.cStat, answer.xMotivo);
    case "rejected":
    case "duplicateOther":
      return closeNote(run, NFE_STATUS.rejected, answer.cStat, answer.xMotivo);
    case "backoff":
      return waitNote(
        run,
        answer.cStat,
        decision.misuse
          ? M.misuse(answer.xMotivo, utcAfter(new Date(), decision.seconds))
          : M.serviceStopped(answer.cStat, answer.xMotivo, utcAfter(new Date(), decision.seconds)),
        decision.seconds,
      );
    case "inProcess":
      return waitNote(run, answer.cStat, answer.xMotivo, RECEIPT_BACKOFF_SECONDS);
    case "receipt": {
      if (!answer.receipt || depth > 0)
        return waitNote(run, answer.cStat, answer.xMotivo, RECEIPT_BACKOFF_SECONDS);
      const receipt = await client.receipt(answer.receipt, run.note.accessKey);
      if (!receipt.ok)
        return waitNote(run, answer.cStat, M.receiptPending(answer.receipt), RECEIPT_BACKOFF_SECONDS);
      return apply(run, client, signedXml, receipt, depth + 1);
    }
    case "consult": {
      if (depth > 0) return closeNote(run, NFE_STATUS.rejected, answer.cStat, answer.xMotivo);
      const consult = await client.consult(run.note.accessKey);
      if (!consult.ok)
        return waitNote(
          run,
          answer.cStat,
          M.consultFailed(consult.failure.detail),
          NO_ANSWER_BACKOFF_SECONDS,
        );
      if (consult.cStat === NOT_IN_BASE)
        return closeNote(run, NFE_STATUS.rejected, answer.cStat, answer.xMotivo);
      return apply(run, client, signedXml, { ...consult, receipt: null }, depth + 1);
    }
  }
}

/** The signed XML of the note: the stored one, or the draft built now, signed and stored before any send. */
async function signedXmlOf(
  run: NoteRun,
  signer: Signer,
  replacing: string | null = null,
): Promise<string | null> {
  const stored = await storedXml(run);
  if (stored) return stored;
  const { context, note, source, ports } = run;
  const companyId = context.job.companyId;
  if (!source || run.sourceError) {
    await closeNote(
      run,
      NFE_STATUS.rejected,
      null,
      M.draftChanged(run.sourceError ?? "pedido não encontrado"),
    );
    return null;
  }
  let signed: Awaited<ReturnType<EmissionPorts["sign"]>>;
  try {
    const identity = { series: note.series, number: note.number, cnf: note.cnf, issuedAt: note.issuedAt };
    // an NFC-e has no SVC (offline contingency instead): the mode is the NF-e's
    signed =
      note.model === 65
        ? await signNfceNote(run, source, signer)
        : await ports.sign(withMode(buildDraft(source, identity), run.mode), {
            key: signer.key,
            certificatePem: signer.certificatePem,
          });
  } catch (error) {
    if (error instanceof ApiError || (error instanceof Error && error.name === "EmissionDraftError")) {
      await closeNote(run, NFE_STATUS.rejected, null, M.draftChanged(error.message));
      return null;
    }
    throw error;
  }
  const keyed = { ...note, accessKey: signed.accessKey };
  const xmlKey = noteXmlKey(companyId, keyed);
  await context.bucket.put(xmlKey, signed.xml, { httpMetadata: { contentType: "application/xml" } });
  // stored and marked sent BEFORE the first send: from here on the number may be at SEFAZ (the
  // send's attempt counted in the same write)
  const emissionType = run.mode?.emissionType ?? 1;
  await changeNote(context.db, companyId, note.id, {
    xmlKey,
    sent: 1,
    total: signed.total,
    accessKey: signed.accessKey,
    emissionType,
    attempt: true,
    status: NFE_STATUS.processing,
  });
  // a note signed again for another tpEmis: its old XML (the old key) goes, never to be sent
  if (replacing && replacing !== xmlKey) await context.bucket.delete(replacing);
  run.note = { ...note, accessKey: signed.accessKey, xmlKey, sent: 1, total: signed.total, emissionType };
  run.attemptMarked = true;
  return signed.xml;
}

async function processNote(run: NoteRun): Promise<void> {
  const { context, env, ports } = run;
  const companyId = context.job.companyId;
  const invoice = run.invoice;
  if (!invoice) {
    await closeNote(
      run,
      NFE_STATUS.rejected,
      null,
      M.draftChanged(run.sourceError ?? "faturador não encontrado"),
    );
    return;
  }
  const cnpj = (invoice.document ?? "").replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  const signer = await ports.signer(context.db, env, companyId, cnpj);
  const production = env.ENVIRONMENT !== "development";
  if (!signer && run.note.sent === 0) {
    await closeNote(
      run,
      NFE_STATUS.rejected,
      null,
      M.draftChanged(`faturador ${invoice.id} sem certificado digital`),
    );
    return;
  }
  const connection = {
    uf: invoice.uf ?? "",
    environment: run.note.environment as 1 | 2,
    baseUrl: invoice.nfeBaseUrl,
    fetcher: signer?.fetcher ?? null,
    timeoutMs: timeoutOf(env),
    production,
  };
  // the company's mode (SVC contingency or normal): where the note was sent, where it goes now; an
  // NFC-e always goes to its UF's NFC-e authorizer (its contingency is offline, not SVC)
  const nfce = run.note.model === 65;
  const sending = nfce
    ? nfceSending(ports, connection)
    : await sendingMode(context, ports, invoice, run.note, connection);
  run.mode = sending.mode;
  const client = sending.client;
  let replacing: string | null = null;
  // 1. the XML may be at SEFAZ already: consult by key (where it was sent) before any resend
  if (run.note.sent === 1) {
    const consult = await sending.sentClient.consult(run.note.accessKey);
    if (!consult.ok) {
      await waitNote(run, null, M.consultFailed(consult.failure.detail), NO_ANSWER_BACKOFF_SECONDS);
      return;
    }
    if (!nfce)
      await answeredStopped(context, ports, invoice, connection, run.note.emissionType as 1 | 6 | 7, consult);
    if (consult.cStat !== NOT_IN_BASE) {
      const xml = await storedXml(run);
      if (xml) return apply(run, sending.sentClient, xml, { ...consult, receipt: null }, 1);
    }
    // not there (217): in another mode now, it is signed again (new key) before the send
    if (mustResign(run.note, sending.mode)) {
      replacing = run.note.xmlKey;
      run.note = { ...run.note, xmlKey: null };
    }
  }
  if (run.sourceError) {
    // not at SEFAZ (never sent, or 217 by key) and the order can no longer be issued as it was
    await closeNote(run, NFE_STATUS.rejected, null, M.draftChanged(run.sourceError));
    return;
  }
  if (!signer) {
    await closeNote(
      run,
      NFE_STATUS.rejected,
      null,
      M.draftChanged(`faturador ${invoice.id} sem certificado digital`),
    );
    return;
  }
  // 2. signed and stored before the send
  const xml = await signedXmlOf(run, signer, replacing);
  if (xml === null) return;
  if (!run.attemptMarked)
    await changeNote(context.db, companyId, run.note.id, { attempt: true, status: NFE_STATUS.processing });
  run.note = { ...run.note, attempts: run.note.attempts + 1 };
  // 3. the send
  const lotId = String(run.note.id * 100 + (run.note.attempts % 100)).slice(-15);
  const answer = await client.authorize(ports.envelope(lotId, xml));
  if (!answer.ok) {
    // no answer: the note may be at SEFAZ; consult by key now, never resend blindly
    const consult = await client.consult(run.note.accessKey);
    if (!nfce) await answeredStopped(context, ports, invoice, connection, sending.mode.emissionType, consult);
    if (consult.ok && consult.cStat !== NOT_IN_BASE)
      return apply(run, client, xml, { ...consult, receipt: null }, 1);
    if (await offlineIfAllowed(run, signer, { failure: answer.failure.kind, detail: answer.failure.detail }))
      return;
    await waitNote(run, null, M.noAnswer(answer.failure.detail), NO_ANSWER_BACKOFF_SECONDS);
    return;
  }
  if (nfce) {
    if (offlineWanted(run, answer) && (await offlineIfAllowed(run, signer, answer))) return;
  } else await answeredStopped(context, ports, invoice, connection, sending.mode.emissionType, answer);
  return apply(run, client, xml, answer);
}

/** The job's result: how many notes ended in each state (each note's reason is on the note, GET /nfe/{idnfe}). */
function resultOf(notes: IssuedNfeRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const n of notes) counts[n.status] = (counts[n.status] ?? 0) + 1;
  return counts;
}

const isDue = (note: IssuedNfeRow, now: string) =>
  OPEN_STATUSES.includes(note.status as (typeof OPEN_STATUSES)[number]) &&
  (note.status === NFE_STATUS.processing || (note.retryAt !== null && note.retryAt <= now));

const isWaiting = (note: IssuedNfeRow) =>
  (note.status === NFE_STATUS.pending || note.status === NFE_STATUS.offline) && note.retryAt !== null;

export async function runEmission(
  context: JobContext,
  ports: EmissionPorts = emissionPorts,
): Promise<JobOutcome> {
  const { db, job } = context;
  const env = (context.env ?? {}) as Env;
  // the certificate opened (read, decrypted, imported) once per invocation, not per note
  ports = { ...ports, signer: signerOnce(ports.signer) };
  const notes = await notesOfJob(db, job.companyId, job.id);
  await transmitOffline(context, ports, env, notes, timeoutOf(env));
  const due = notes.filter((n) => isDue(n, nowUtc()));
  for (let start = 0; start < due.length; start += NOTES_PER_CHUNK) {
    if (!context.budget.takeMore(1, start === 0)) return { status: "continue" };
    const chunk = due.slice(start, start + NOTES_PER_CHUNK);
    const sources = await sourcesOf(context, chunk);
    const issuable = [...sources.values()].flatMap((f) => (f.source ? [f.source] : []));
    const invoicing =
      issuable.length > 0 ? await chunkInvoicing(db, job.companyId, issuable, INVOICED_STATUS) : undefined;
    await inLanes(chunk, NOTES_IN_FLIGHT, async (note) => {
      const found = sources.get(note.orderId);
      const run: NoteRun = {
        context,
        env,
        ports,
        note,
        source: found?.source ?? null,
        sourceError: found?.error ?? null,
        invoice: found?.invoice ?? null,
        invoicing,
      };
      try {
        await processNote(run);
      } catch (error) {
        // one note's unexpected failure does not stop the others: it waits and is consulted first
        log("error", "NF-e not processed", { nfeId: note.id, ...errorFields(error) });
        await waitNote(
          run,
          null,
          M.noAnswer(error instanceof Error ? error.message : String(error)),
          NO_ANSWER_BACKOFF_SECONDS,
        );
      }
    });
  }
  const after = await notesOfJob(db, job.companyId, job.id);
  const waiting = after.filter(isWaiting);
  if (after.some((n) => n.status === NFE_STATUS.processing)) return { status: "continue" };
  if (waiting.length > 0) {
    const first = waiting.map((n) => n.retryAt!).sort()[0]!;
    const seconds = Math.ceil((Date.parse(`${first.replace(" ", "T")}Z`) - Date.now()) / 1000);
    return {
      status: "continue",
      delaySeconds: Math.min(Math.max(seconds, 1), pollCap(env), MAX_WAIT_SECONDS),
    };
  }
  return { status: "done", result: resultOf(after) };
}

/** `NFE_RETRY_POLL_SECONDS`: the longest the job's message waits before looking at its notes again (tests: 1). */
function pollCap(env: Env): number {
  const parsed = Number(env.NFE_RETRY_POLL_SECONDS);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : MAX_WAIT_SECONDS;
}

/**
 * The sources of a chunk's orders, read together (one read per chunk); when one of them can no longer
 * be issued, each is read alone so the others go on and that one says why. Its invoicing company is
 * read anyway: a note already sent is consulted whatever became of its order.
 */
async function sourcesOf(context: JobContext, chunk: IssuedNfeRow[]) {
  const { db, job } = context;
  type Found = { source: OrderSource | null; error: string | null; invoice: CompanyInvoiceRow | null };
  const result = new Map<number, Found>();
  const requests = chunk.map((n) => ({ orderId: n.orderId, invoiceId: n.companyInvoiceId }));
  try {
    const sources = await loadSources(db, job.companyId, requests);
    for (const source of sources)
      result.set(source.order.id, { source, error: null, invoice: source.invoice });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    for (const request of requests) {
      try {
        const [source] = await loadSources(db, job.companyId, [request]);
        result.set(request.orderId, { source: source!, error: null, invoice: source!.invoice });
      } catch (inner) {
        if (!(inner instanceof ApiError)) throw inner;
        const [invoice] = await invoiceCompaniesByIds(db, job.companyId, [request.invoiceId]);
        result.set(request.orderId, { source: null, error: inner.message, invoice: invoice ?? null });
      }
    }
  }
  for (const note of chunk) {
    const found = result.get(note.orderId);
    if (!found?.source || note.sent === 1) continue;
    try {
      assertEmissionReady(found.source);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      result.set(note.orderId, { ...found, source: null, error: error.message });
    }
  }
  return result;
}

export const nfeEmissionJob: JobDefinition = {
  description:
    "Emissão de NF-e (modelo 55) de pedidos: criado por POST /orders/{idorder}/nfe e POST /nfe/batch; o resultado lista cada NF-e com Status, cStat e xMotivo",
  params: z.object({}) as unknown as JobDefinition["params"],
  handler: (context) => runEmission(context),
};
