/**
 * The NFC-e (model 65) steps of the `NFeEmission` job, called from a few lines of job.ts:
 *
 * - `signNfceNote`: the note's draft as an NFC-e (nfce-draft.ts), signed with its QR code (nfce-sign.ts;
 *   the CSC opened only for a UF that asks for the QR code version 2);
 * - `offlineIfAllowed`: when the invoicing company's `NFCeOfflineContingency` is 1 and the NFC-e
 *   authorizer did not answer (timeout, 5xx, connection refused) or answered 108/109, and consulting the
 *   key did not find the note, the note is issued offline at once: re-signed with tpEmis 9 (a new key:
 *   the stored signed XML is replaced), `dhCont`/`xJust`, the offline QR code; in ONE batch the note
 *   becomes `Offline` and the order moves to 6 (Faturado) with its stock leaving, as for an authorized
 *   note: the offline DANFE NFC-e covers the goods leaving with the buyer (Ajuste SINIEF 19/2016);
 * - `transmitOffline`: the job's offline notes due (`retryAt` passed, or made due now by `POST
 *   /nfe/{idnfe}/transmit`), oldest first (dhEmi, then id), each within 24 h of its issue, taken 30 at
 *   a time by one compare-and-set on their `retryAt` (two deliveries at once: one transmits each) and
 *   sent two at once (`NOTES_IN_FLIGHT`, each free lane taking the next oldest): first the
 *   normal key is consulted (its XML may have reached SEFAZ before the failure: its authorization
 *   then stands, and the offline XML of the same number is never sent: never two
 *   authorized documents for one order), unless the normal send was answered 108/109 (`onlineSettled`:
 *   not processed, and the job resends an XML only after a consult found it absent, 217);
 *   otherwise the offline XML is sent; 100/150 Authorized (the
 *   order already moved), 110/301/302/303 Denied, another rejection `Rejected` with cStat/xMotivo
 *   kept (and `nfe.rejected`), no answer or 108/109 waits; past 24 h the note is `Expired`.
 */
import { type CompanyInvoiceRow, type IssuedNfeRow, invoiceCompaniesByIds } from "../../db/emission";
import { claimOfflineNotes, type OfflineChange, offlineChangeStatement } from "../../db/emission-nfce";
import { PREVIOUS_STATEMENT_CHANGED } from "../../db/events/outbox";
import { findOrder } from "../../db/orders/orders";
import type { Statement } from "../../db/sql";
import type { Env } from "../../env";
import { inLanes } from "../../lib/concurrent";
import { ApiError } from "../../lib/errors";
import { errorFields, log } from "../../lib/log";
import { openCsc } from "../company/nfce-settings";
import { eventStatement } from "../events/outbox";
import type { JobContext } from "../jobs/job-context";
import { commitOrderWrite } from "../orders/write";
import { type NoteIdentity, noteAccessKey } from "./draft";
import { type ChunkInvoicing, invoicingStatements } from "./invoicing";
import { buildNfceDraft, type NfceEmission } from "./nfce-draft";
import { NFCE_MESSAGES } from "./nfce-messages";
import { OFFLINE_REASON, OFFLINE_RETRY_SECONDS, offlineDeadline } from "./nfce-rules";
import { signNfce } from "./nfce-sign";
import { authorizedPayload, rejectedPayload } from "./note-events";
import type { EmissionPorts } from "./ports";
import type { OrderSource } from "./sources";
import {
  AUTHORIZED_CSTATS,
  DENIED_CSTATS,
  DUPLICATE,
  NFE_STATUS,
  NOT_IN_BASE,
  NOTES_IN_FLIGHT,
  SERVICE_STOPPED,
  utcAfter,
} from "./states";
import { noteProcKey, noteXmlKey } from "./storage-keys";

type Signer = NonNullable<Awaited<ReturnType<EmissionPorts["signer"]>>>;
type Client = ReturnType<EmissionPorts["client"]>;

/** What these steps read of the job's run of one note (job.ts's `NoteRun`). */
export type NfceRun = {
  context: JobContext;
  env: Env;
  ports: EmissionPorts;
  note: IssuedNfeRow;
  source: OrderSource | null;
  invoice: CompanyInvoiceRow | null;
  /** What invoicing the chunk's orders reads, read once for the chunk (invoicing.ts). */
  invoicing?: ChunkInvoicing | undefined;
};

/**
 * Offline notes transmitted per chunk of the invocation's budget (`D1_CALLS_PER_CHUNK`, 133): the
 * chunk's claim (one statement), then per note at most 3 D1 calls (the end of its transmission, a
 * batch of 2 statements; when that fails, the note's change), the invoicing company read once per
 * invocation: 2 + 30 x 3 = 92.
 */
const OFFLINE_NOTES_PER_CHUNK = 30;

/** Failures of the authorizer after which an NFC-e goes offline (it did not answer). */
const OFFLINE_FAILURES = new Set(["timeout", "unavailable", "network"]);

const cnpjOf = (invoice: CompanyInvoiceRow) =>
  (invoice.document ?? "").replace(/[^0-9A-Za-z]/g, "").toUpperCase();
const identityOf = (note: IssuedNfeRow): NoteIdentity => ({
  series: note.series,
  number: note.number,
  cnf: note.cnf,
  issuedAt: note.issuedAt,
});

/** The NFC-e draft of the note, signed with its QR code (tpEmis 1, or 9 offline). */
export async function signNfceNote(
  run: Pick<NfceRun, "context" | "env" | "note" | "invoice">,
  source: OrderSource,
  signer: Signer,
  emission?: NfceEmission,
) {
  const invoice = source.invoice;
  const csc = await openCsc(run.env.HUB_CREDENTIALS_KEY, run.context.job.companyId, invoice);
  const draft = buildNfceDraft(source, identityOf(run.note), emission);
  return signNfce(draft, { key: signer.key, certificatePem: signer.certificatePem }, csc);
}

/** Whether the note goes offline after this outcome of the send (see the module's comment). */
export function offlineWanted(
  run: Pick<NfceRun, "note" | "invoice">,
  outcome: { failure: string } | { cStat: number },
): boolean {
  if (run.note.model !== 65 || run.invoice?.nfceOfflineContingency !== 1) return false;
  return "failure" in outcome ? OFFLINE_FAILURES.has(outcome.failure) : SERVICE_STOPPED.has(outcome.cStat);
}

/**
 * The note issued offline (tpEmis 9): signed again with the new key and stored, then in ONE batch the
 * note `Offline` and the order invoiced. True when done (false: not allowed, or the order's source
 * can no longer be read: the caller goes on as without the switch).
 */
export async function offlineIfAllowed(
  run: NfceRun,
  signer: Signer | null,
  outcome: { failure: string; detail: string } | { cStat: number; xMotivo: string },
): Promise<boolean> {
  if (!offlineWanted(run, outcome) || !run.source || !signer) return false;
  const { context, note } = run;
  const companyId = context.job.companyId;
  const signed = await signNfceNote(run, run.source, signer, {
    type: 9,
    contingency: { since: note.issuedAt, reason: OFFLINE_REASON },
  });
  const xmlKey = noteXmlKey(companyId, { id: note.id, accessKey: signed.accessKey });
  await context.bucket.put(xmlKey, signed.xml, { httpMetadata: { contentType: "application/xml" } });
  const reason = "failure" in outcome ? outcome.detail : `${outcome.cStat} ${outcome.xMotivo}`;
  const change: OfflineChange = {
    status: NFE_STATUS.offline,
    emissionType: 9,
    accessKey: signed.accessKey,
    xmlKey,
    total: signed.total,
    cStat: "cStat" in outcome ? outcome.cStat : null,
    // a send answered 108/109 was not processed: the online note can never be authorized
    onlineSettled: "cStat" in outcome ? 1 : 0,
    xMotivo: NFCE_MESSAGES.offline(reason),
    retryAt: utcAfter(new Date(), OFFLINE_RETRY_SECONDS),
  };
  const statement = offlineChangeStatement(
    context.db,
    companyId,
    note.id,
    [NFE_STATUS.processing, NFE_STATUS.pending],
    change,
  );
  await invoiceOrderWith(run, [statement]);
  run.note = { ...note, ...change, status: NFE_STATUS.offline } as IssuedNfeRow;
  return true;
}

/**
 * The order moved to 6 (Faturado) with its stock leaving, in the batch of `statements` (the note's
 * change), guarded by the order's version (three tries); an order that can no longer move still gets
 * the note's change.
 */
async function invoiceOrderWith(run: NfceRun, statements: Statement[]): Promise<void> {
  const { context, note } = run;
  const { db, job } = context;
  const companyId = job.companyId;
  const caller = { companyId, userId: job.createdBy };
  // first from what the chunk read for all its orders; when that batch is refused (the order or the
  // stock changed meanwhile), read again as below
  const known = run.invoicing?.of(note.orderId);
  if (known) {
    try {
      const batch = await invoicingStatements(db, caller, known.order, statements, known);
      await commitOrderWrite(db, known.order, batch.statements, { movesStock: batch.movesStock });
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
      const batch = await invoicingStatements(db, caller, order, statements);
      await commitOrderWrite(db, order, batch.statements, { movesStock: batch.movesStock });
      return;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      reason = error.message;
    }
  }
  log("error", "offline NFC-e whose order could not be invoiced", { nfeId: note.id, reason });
  await db.batch(statements as [Statement, ...Statement[]]);
}

const isDueOffline = (note: IssuedNfeRow, now: string) =>
  note.status === NFE_STATUS.offline && (note.retryAt === null || note.retryAt <= now);

/** The job's offline notes due now, oldest first (dhEmi, then id). */
export const dueOfflineNotes = (notes: IssuedNfeRow[], now: string) =>
  notes
    .filter((n) => isDueOffline(n, now))
    .sort((a, b) => Date.parse(a.issuedAt) - Date.parse(b.issuedAt) || a.id - b.id);

/** Transmits the job's due offline notes, oldest first, within the delivery's budget. */
export async function transmitOffline(
  context: JobContext,
  ports: EmissionPorts,
  env: Env,
  notes: IssuedNfeRow[],
  timeoutMs: number,
): Promise<void> {
  const now = new Date().toISOString().slice(0, 19).replace("T", " ");
  const due = dueOfflineNotes(notes, now);
  const invoices = new Map<number, Promise<CompanyInvoiceRow | undefined>>();
  const invoiceOf = (id: number) => {
    let found = invoices.get(id);
    if (!found) {
      found = invoiceCompaniesByIds(context.db, context.job.companyId, [id]).then(([row]) => row);
      invoices.set(id, found);
    }
    return found;
  };
  const timeoutSeconds = Math.ceil(timeoutMs / 1000);
  for (let start = 0; start < due.length; start += OFFLINE_NOTES_PER_CHUNK) {
    if (!context.budget.takeMore(1, start === 0)) return;
    const chunk = due.slice(start, start + OFFLINE_NOTES_PER_CHUNK);
    // taken for this delivery in one statement (another one running at once, e.g. sent by POST
    // /nfe/{idnfe}/transmit, leaves them), for as long as the chunk can take with every call timing
    // out (at most 3 calls a note: the normal key's consult, the send, the consult after no answer);
    // a delivery that dies here leaves them due again after that
    const rounds = Math.ceil(chunk.length / NOTES_IN_FLIGHT);
    const next = utcAfter(new Date(), OFFLINE_RETRY_SECONDS + rounds * 3 * timeoutSeconds);
    const taken = await claimOfflineNotes(
      context.db,
      context.job.companyId,
      chunk.map((n) => n.id),
      now,
      next,
    );
    await inLanes(
      chunk.filter((n) => taken.has(n.id)),
      NOTES_IN_FLIGHT,
      async (note) => {
        try {
          await transmitOne(context, ports, env, note, timeoutMs, invoiceOf);
        } catch (error) {
          log("error", "offline NFC-e not transmitted", { nfeId: note.id, ...errorFields(error) });
          const at = utcAfter(new Date(), OFFLINE_RETRY_SECONDS);
          await change(context, note, {
            status: NFE_STATUS.offline,
            xMotivo: NFCE_MESSAGES.offlineWaiting(String(error), at),
            retryAt: at,
          });
        }
      },
    );
  }
}

async function change(context: JobContext, note: IssuedNfeRow, values: OfflineChange): Promise<void> {
  await context.db.batch([
    offlineChangeStatement(context.db, context.job.companyId, note.id, [NFE_STATUS.offline], values),
  ]);
}

/** The note's event, written only when the note's change just before it in the batch applied (never twice). */
function noteEvent(context: JobContext, event: Parameters<typeof eventStatement>[2]) {
  return eventStatement(context.db, context.job.companyId, event, { onlyIf: PREVIOUS_STATEMENT_CHANGED });
}

async function transmitOne(
  context: JobContext,
  ports: EmissionPorts,
  env: Env,
  note: IssuedNfeRow,
  timeoutMs: number,
  invoiceOf: (id: number) => Promise<CompanyInvoiceRow | undefined>,
): Promise<void> {
  const companyId = context.job.companyId;
  const deadline = offlineDeadline(note.issuedAt);
  if (deadline && deadline.getTime() <= Date.now()) {
    await change(context, note, {
      status: NFE_STATUS.expired,
      xMotivo: NFCE_MESSAGES.expired(deadline.toISOString()),
      retryAt: null,
    });
    return;
  }
  const invoice = await invoiceOf(note.companyInvoiceId);
  if (!invoice) return;
  const signer = await ports.signer(context.db, env, companyId, cnpjOf(invoice));
  const client = ports.client({
    uf: invoice.uf ?? "",
    model: 65,
    environment: note.environment as 1 | 2,
    baseUrl: invoice.nfeBaseUrl,
    fetcher: signer?.fetcher ?? null,
    timeoutMs,
    production: env.ENVIRONMENT !== "development",
  });
  const wait = (reason: string, cStat: number | null = null) => {
    const at = utcAfter(new Date(), OFFLINE_RETRY_SECONDS);
    return change(context, note, {
      status: NFE_STATUS.offline,
      cStat,
      xMotivo: NFCE_MESSAGES.offlineWaiting(reason, at),
      retryAt: at,
      attempt: true,
    });
  };
  // 1. the normal note of the same number may have reached SEFAZ before the failure (no answer, a
  // 5xx, garbage): its key first; not when its send was answered 108/109 (never processed)
  if (note.onlineSettled !== 1) {
    const onlineKey = noteAccessKey({
      uf: invoice.uf ?? "",
      issuedAt: note.issuedAt,
      cnpj: invoice.document ?? "",
      model: 65,
      series: note.series,
      number: note.number,
      emissionType: 1,
      cnf: note.cnf,
    });
    const online = await client.consult(onlineKey);
    if (!online.ok) return wait(online.failure.detail);
    if (AUTHORIZED_CSTATS.has(online.cStat)) {
      const onlineNote = { ...note, accessKey: onlineKey };
      const stored = await context.bucket.get(noteXmlKey(companyId, onlineNote));
      if (stored) {
        const xml = await stored.text();
        return authorized(context, ports, onlineNote, xml, online, {
          emissionType: 1,
          accessKey: onlineKey,
          xmlKey: noteXmlKey(companyId, onlineNote),
          xMotivo: `${online.xMotivo} (${NFCE_MESSAGES.onlineAuthorized})`,
        });
      }
    }
  }
  // 2. the offline note itself
  const object = note.xmlKey ? await context.bucket.get(note.xmlKey) : null;
  if (!object) return wait("XML off-line não encontrado no armazenamento");
  const xml = await object.text();
  const lotId = String(note.id * 100 + (note.attempts % 100)).slice(-15);
  let answer: Awaited<ReturnType<Client["authorize"]>> | Awaited<ReturnType<Client["consult"]>> =
    await client.authorize(ports.envelope(lotId, xml));
  if (!answer.ok || answer.cStat === DUPLICATE) {
    const consult = await client.consult(note.accessKey);
    if (!consult.ok || consult.cStat === NOT_IN_BASE)
      return wait(answer.ok ? `${answer.cStat} ${answer.xMotivo}` : answer.failure.detail);
    answer = consult;
  }
  const { cStat, xMotivo } = answer;
  if (AUTHORIZED_CSTATS.has(cStat)) return authorized(context, ports, note, xml, answer, {});
  if (SERVICE_STOPPED.has(cStat) || cStat === 656 || cStat === 103 || cStat === 105)
    return wait(`${cStat} ${xMotivo}`, cStat);
  const status = DENIED_CSTATS.has(cStat) ? NFE_STATUS.denied : NFE_STATUS.rejected;
  await context.db.batch([
    offlineChangeStatement(context.db, companyId, note.id, [NFE_STATUS.offline], {
      status,
      cStat,
      xMotivo,
      retryAt: null,
      attempt: true,
    }),
    noteEvent(context, { type: "nfe.rejected", payload: rejectedPayload(note, { status, cStat, xMotivo }) }),
  ]);
}

async function authorized(
  context: JobContext,
  ports: EmissionPorts,
  note: IssuedNfeRow,
  xml: string,
  answer: {
    cStat: number;
    xMotivo: string;
    protNFeXml: string | null;
    protocol: string | null;
    authorizedAt: string | null;
  },
  extra: Omit<OfflineChange, "status">,
): Promise<void> {
  const companyId = context.job.companyId;
  const procKey = noteProcKey(companyId, note);
  await context.bucket.put(procKey, ports.proc(xml, answer.protNFeXml ?? ""), {
    httpMetadata: { contentType: "application/xml" },
  });
  await context.db.batch([
    offlineChangeStatement(context.db, companyId, note.id, [NFE_STATUS.offline], {
      cStat: answer.cStat,
      xMotivo: answer.xMotivo,
      protocol: answer.protocol,
      authorizedAt: answer.authorizedAt,
      ...extra,
      status: NFE_STATUS.authorized,
      procKey,
      retryAt: null,
    }),
    noteEvent(context, { type: "nfe.authorized", payload: authorizedPayload(note, answer) }),
  ]);
}
