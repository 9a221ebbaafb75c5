// The rows' bound of `bench:nfe-emit` (docs/PERFORMANCE.md, "bench:nfe-emit"), run inside the bench
// Worker (workerd, never deployed): per order, what issuing its note cannot do without, one note
// after the other, each step timed apart:
//
// - sign: the draft built from the order (as the job builds it: `buildDraft` / `buildNfceDraft` of
//   the sources `loadSources` read) and signed (`signNFe` / `signNfce` with its QR code) with the
//   invoicing company's certificate, here in workerd;
// - call: ONE loopback NFeAutorizacao4 call to the authorizer double (the product's `enviNFeXml` in the
//   SOAP 1.2 envelope of src/adapters/sefaz/soap.ts, the answer read as text);
// - rows: what each note must write: the signed XML put to R2 before the send, the nfeProc put to R2
//   (from the answer's protNFe), and ONE batch: the note's row with its authorization and the order's
//   invoicing (invoicing.ts `invoicingStatements`: the same statements the job writes, built as it
//   builds them from the same chunk reads, untimed) run alone.
//
// Modes: `nfe` and `nfce` (the double answering 100); `offline` (the double answering 108: the call,
// then the note signed again offline, tpEmis 9, its XML put to R2, and ONE batch: the note Offline and
// the order invoiced, as `offlineIfAllowed` writes it); `transmit` (the `offline` mode's notes, the
// double back: the offline XML read from R2, one call, the nfeProc put, ONE batch: the note Authorized
// and `nfe.authorized`). The notes' rows are inserted first (untimed) in a series of their own, so the
// numbers never meet the measured notes' at the double. Nothing here is timed that the job does not do.

import { and, eq, sql } from "drizzle-orm";
import { issuedNfes } from "../../drizzle/schema";
import { soapAction, wsdlNamespace } from "../../src/adapters/sefaz/authorization/client";
import { soap12ContentType, soap12Request } from "../../src/adapters/sefaz/soap";
import { drizzleFor } from "../../src/db/client";
import {
  type IssuedNfeRow,
  insertNotesStatement,
  type NewNote,
  noteChangeStatement,
} from "../../src/db/emission";
import { offlineChangeStatement } from "../../src/db/emission-nfce";
import { inGroups, type Statement } from "../../src/db/sql";
import { certificateSigner } from "../../src/domain/certificates/signer";
import { buildDraft, drawCnf, noteAccessKey } from "../../src/domain/emission/draft";
import { chunkInvoicing, invoicingStatements } from "../../src/domain/emission/invoicing";
import { INVOICED_STATUS } from "../../src/domain/emission/issue";
import { buildNfceDraft } from "../../src/domain/emission/nfce-draft";
import { OFFLINE_REASON, OFFLINE_RETRY_SECONDS } from "../../src/domain/emission/nfce-rules";
import { signNfce } from "../../src/domain/emission/nfce-sign";
import { authorizedPayload } from "../../src/domain/emission/note-events";
import { nfeProcXml } from "../../src/domain/emission/proc";
import { enviNFeXml, signNFe } from "../../src/domain/emission/sign";
import { loadSources, type OrderSource } from "../../src/domain/emission/sources";
import { brasiliaTime, NFE_STATUS, utcAfter } from "../../src/domain/emission/states";
import { noteProcKey, noteXmlKey } from "../../src/domain/emission/storage-keys";
import { requestDispatch } from "../../src/domain/events/dispatch";
import { eventStatement } from "../../src/domain/events/outbox";
import { commitOrderWrite } from "../../src/domain/orders/write";
import type { Env } from "../../src/env";
import { inLanes } from "../../src/lib/concurrent";

export type BoundMode = "nfe" | "nfce" | "offline" | "transmit";

type BoundRequest = {
  mode: BoundMode;
  companyId: number;
  /** The orders (modes nfe, nfce, offline) or the offline bound's notes (transmit). */
  orderIds?: number[];
  noteIds?: number[];
  /** The double's base URL (a label of its own). */
  url: string;
  /** The series of the bound's notes (the measured notes use the invoicing company's), from `firstNumber` (1). */
  series: number;
  firstNumber?: number;
  /** Notes in flight at once (the script's LANES: 2 for 1,000 notes). */
  lanes?: number;
};

type Times = { signMs: number; callMs: number; r2Ms: number; batchMs: number };

/** `work` of each item, `lanes` items in flight (each free lane taking the next, as the job's `inLanes`): the wall time. */
async function timedInLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>): Promise<number> {
  const started = performance.now();
  await inLanes(items, lanes, work);
  return performance.now() - started;
}

const XML = { httpMetadata: { contentType: "application/xml" } };
const AUTHORIZE = "NFeAutorizacao4";

const cnpjOf = (source: OrderSource) =>
  (source.invoice.document ?? "").replace(/[^0-9A-Za-z]/g, "").toUpperCase();
const cStatOf = (text: string) =>
  /<protNFe[\s\S]*?<cStat>(\d+)<\/cStat>/.exec(text)?.[1] ??
  /<cStat>(\d+)<\/cStat>/.exec(text)?.[1] ??
  "none";
const protOf = (text: string) => {
  const start = text.search(/<protNFe[\s>]/);
  const end = text.indexOf("</protNFe>");
  return start < 0 || end < 0 ? "" : text.slice(start, end + "</protNFe>".length);
};

async function timed<T>(times: Times, part: keyof Times, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    times[part] += performance.now() - started;
  }
}

/** One NFeAutorizacao4 call to the double: the answer's text. */
async function authorizeCall(url: string, lotId: string, signedXml: string): Promise<string> {
  const answer = await fetch(`${url}/ws/NFeAutorizacao4.asmx`, {
    method: "POST",
    headers: { "Content-Type": soap12ContentType(soapAction(AUTHORIZE)) },
    body: soap12Request(wsdlNamespace(AUTHORIZE), enviNFeXml(lotId, signedXml)),
  });
  return answer.text();
}

/** The bound's notes (untimed): one per order, Processing, numbered 1.. in `series`. */
async function insertBoundNotes(
  db: ReturnType<typeof drizzleFor>,
  companyId: number,
  sources: OrderSource[],
  series: number,
  firstNumber: number,
): Promise<Map<number, IssuedNfeRow>> {
  const issuedAt = brasiliaTime(new Date());
  const notes: NewNote[] = sources.map((source, i) => {
    const number = firstNumber + i;
    const cnf = drawCnf(number);
    return {
      companyInvoiceId: source.invoice.id,
      orderId: source.order.id,
      model: source.model,
      series,
      number,
      environment: source.environment,
      cnf,
      accessKey: noteAccessKey({
        uf: source.invoice.uf ?? "",
        issuedAt,
        cnpj: source.invoice.document ?? "",
        model: source.model,
        series,
        number,
        emissionType: 1,
        cnf,
      }),
      issuedAt,
      recipientDocument: source.consumer?.document?.replace(/[^0-9A-Za-z]/g, "") ?? null,
      recipientName: source.consumer?.name ?? null,
    };
  });
  for (const group of inGroups(notes, 500))
    await db.batch([insertNotesStatement(db, companyId, `bench-bound:${crypto.randomUUID()}`, group, "")]);
  const rows = await db
    .select()
    .from(issuedNfes)
    .where(
      and(
        eq(issuedNfes.companyId, companyId),
        eq(issuedNfes.series, series),
        sql`${issuedNfes.orderId} IN (SELECT value FROM json_each(${JSON.stringify(sources.map((s) => s.order.id))}))`,
      ),
    );
  return new Map(rows.map((r) => [r.orderId, r]));
}

const identityOf = (note: IssuedNfeRow) => ({
  series: note.series,
  number: note.number,
  cnf: note.cnf,
  issuedAt: note.issuedAt,
});

export async function nfeRowsBound(request: Request, env: Env & { DB_BENCH: D1Database }): Promise<Response> {
  const body = (await request.json()) as BoundRequest;
  const { mode, companyId, url } = body;
  const db = drizzleFor(env.DB_BENCH);
  const bucket = env.UPLOADS;
  const times: Times = { signMs: 0, callMs: 0, r2Ms: 0, batchMs: 0 };
  const statuses: Record<string, number> = {};
  const count = (cStat: string) => {
    statuses[cStat] = (statuses[cStat] ?? 0) + 1;
  };
  if (mode === "transmit") {
    const ids = body.noteIds ?? [];
    const notes = await db
      .select()
      .from(issuedNfes)
      .where(
        and(
          eq(issuedNfes.companyId, companyId),
          sql`${issuedNfes.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
        ),
      );
    const wallMs = await timedInLanes(notes, body.lanes ?? 1, async (note) => {
      const xml = await timed(times, "r2Ms", async () => (await bucket.get(note.xmlKey!))!.text());
      const answer = await timed(times, "callMs", () => authorizeCall(url, String(note.id), xml));
      const cStat = cStatOf(answer);
      count(cStat);
      const procKey = noteProcKey(companyId, note);
      await timed(times, "r2Ms", () => bucket.put(procKey, nfeProcXml(xml, protOf(answer)), XML));
      const protocol = /<nProt>(\d+)<\/nProt>/.exec(answer)?.[1] ?? null;
      const authorizedAt = /<dhRecbto>([^<]+)<\/dhRecbto>/.exec(answer)?.[1] ?? null;
      const statements = [
        offlineChangeStatement(db, companyId, note.id, [NFE_STATUS.offline], {
          status: NFE_STATUS.authorized,
          cStat: Number(cStat),
          xMotivo: "Autorizado o uso da NF-e",
          protocol,
          authorizedAt,
          procKey,
          retryAt: null,
        }),
        eventStatement(db, companyId, {
          type: "nfe.authorized",
          payload: authorizedPayload(note, { protocol, authorizedAt }),
        }),
      ];
      await timed(times, "batchMs", () => db.batch(statements as [Statement, ...Statement[]]));
    });
    // untimed: the events written go out as the job's do (the bench waits for them before timing more)
    await requestDispatch(env.EVENTS, "bench", db);
    return Response.json({ notes: notes.length, wallMs, ...times, statuses, noteIds: ids });
  }

  // untimed: the orders' sources, the certificate, the notes' rows, what invoicing the orders reads
  const sources = await loadSources(
    db,
    companyId,
    (body.orderIds ?? []).map((orderId) => ({ orderId })),
  );
  const first = sources[0];
  if (!first) return Response.json({ notes: 0, wallMs: 0, ...times, statuses, noteIds: [] });
  const signer = await certificateSigner(db, env, companyId, cnpjOf(first));
  if (!signer) return Response.json({ error: "no certificate" }, { status: 400 });
  const notes = await insertBoundNotes(db, companyId, sources, body.series, body.firstNumber ?? 1);
  const invoicing = await chunkInvoicing(db, companyId, sources, INVOICED_STATUS);
  const caller = { companyId, userId: null };
  const noteIds = sources.map((source) => notes.get(source.order.id)!.id);

  const wallMs = await timedInLanes(sources, body.lanes ?? 1, async (source) => {
    const note = notes.get(source.order.id)!;
    const identity = identityOf(note);
    const signed = await timed(times, "signMs", () =>
      mode === "nfe"
        ? signNFe(buildDraft(source, identity), signer)
        : signNfce(buildNfceDraft(source, identity), signer, null),
    );
    const xmlKey = noteXmlKey(companyId, { id: note.id, accessKey: signed.accessKey });
    await timed(times, "r2Ms", () => bucket.put(xmlKey, signed.xml, XML));
    const answer = await timed(times, "callMs", () => authorizeCall(url, String(note.id), signed.xml));
    const cStat = cStatOf(answer);
    count(cStat);
    let noteStatements: Statement[];
    if (mode === "offline") {
      // 108: signed again offline (tpEmis 9, a new key) and stored, then Offline with the order invoiced
      const offline = await timed(times, "signMs", () =>
        signNfce(
          buildNfceDraft(source, identity, {
            type: 9,
            contingency: { since: note.issuedAt, reason: OFFLINE_REASON },
          }),
          signer,
          null,
        ),
      );
      const offlineKey = noteXmlKey(companyId, { id: note.id, accessKey: offline.accessKey });
      await timed(times, "r2Ms", () => bucket.put(offlineKey, offline.xml, XML));
      noteStatements = [
        offlineChangeStatement(db, companyId, note.id, [NFE_STATUS.processing, NFE_STATUS.pending], {
          status: NFE_STATUS.offline,
          emissionType: 9,
          accessKey: offline.accessKey,
          xmlKey: offlineKey,
          total: offline.total,
          cStat: Number(cStat),
          xMotivo: "Emitida em contingência off-line",
          retryAt: utcAfter(new Date(), OFFLINE_RETRY_SECONDS),
        }),
      ];
    } else {
      const procKey = noteProcKey(companyId, { id: note.id, accessKey: signed.accessKey });
      await timed(times, "r2Ms", () => bucket.put(procKey, nfeProcXml(signed.xml, protOf(answer)), XML));
      const protocol = /<nProt>(\d+)<\/nProt>/.exec(answer)?.[1] ?? null;
      const authorizedAt = /<dhRecbto>([^<]+)<\/dhRecbto>/.exec(answer)?.[1] ?? null;
      noteStatements = [
        noteChangeStatement(db, companyId, note.id, {
          status: NFE_STATUS.authorized,
          cStat: Number(cStat),
          xMotivo: "Autorizado o uso da NF-e",
          protocol,
          authorizedAt,
          procKey,
          xmlKey,
          sent: 1,
          total: signed.total,
          accessKey: signed.accessKey,
          retryAt: null,
        }),
        eventStatement(db, companyId, {
          type: "nfe.authorized",
          payload: authorizedPayload(
            { ...note, accessKey: signed.accessKey, total: signed.total },
            { protocol, authorizedAt },
          ),
        }),
      ];
    }
    // built as the job builds it (untimed), then run alone (timed)
    const known = invoicing.of(source.order.id)!;
    const batch = await invoicingStatements(db, caller, known.order, noteStatements, known);
    await timed(times, "batchMs", () =>
      commitOrderWrite(db, known.order, batch.statements, { movesStock: batch.movesStock }),
    );
    invoicing.invoiced(source.order.id);
  });
  await requestDispatch(env.EVENTS, "bench", db);
  return Response.json({ notes: sources.length, wallMs, ...times, statuses, noteIds });
}
