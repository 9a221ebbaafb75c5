/**
 * The NF-e issuing operations as the routes call them: issue (one order or a batch) and the reads
 * (list, one note with its events, its nfeProc, its DANFE).
 */
import { eventsOfNote, findNote, type IssuedNfeRow, listNotes, type NoteFilters } from "../../db/emission";
import type { Db, Env } from "../../env";
import { ApiError, badRequest } from "../../lib/errors";
import type { JobQueue } from "../jobs/create-job";
import { renderDanfeNfce } from "./danfe/nfce";
import { issueNotes } from "./issue";
import { NFE_NOT_AUTHORIZED, NFE_NOT_FOUND, NFE_PROC_MISSING } from "./messages";
import { NFCE_NO_DANFE } from "./nfce-messages";
import { type EmissionPorts, emissionPorts } from "./ports";
import type { SourceRequest } from "./sources";
import { NFE_STATUS } from "./states";

/** Orders of one `POST /nfe/batch`. */
export const MAX_BATCH_ORDERS = 500;
/** Notes per page of `GET /nfe`. */
export const NFE_PAGE_SIZE = 1000;

export type EmissionDeps = { db: Db; env: Env; queue: JobQueue; account: string; ports?: EmissionPorts };

export function issueOrders(
  deps: EmissionDeps,
  caller: { companyId: number; userId: number | null },
  requests: SourceRequest[],
  batch: boolean,
) {
  return issueNotes(
    { ...deps, ports: deps.ports ?? emissionPorts },
    caller,
    requests,
    batch ? (orderId, message) => `Pedido ${orderId}: ${message}` : undefined,
  );
}

export async function requireNote(db: Db, companyId: number, noteId: number): Promise<IssuedNfeRow> {
  const note = await findNote(db, companyId, noteId);
  if (!note) throw badRequest(NFE_NOT_FOUND);
  return note;
}

export function listNfe(db: Db, companyId: number, filters: NoteFilters, pageSize = NFE_PAGE_SIZE) {
  return listNotes(db, companyId, filters, Math.min(pageSize, NFE_PAGE_SIZE));
}

export async function nfeDetail(db: Db, companyId: number, noteId: number) {
  const note = await requireNote(db, companyId, noteId);
  return { note, events: await eventsOfNote(db, companyId, noteId) };
}

/** The legal document (nfeProc) of an authorized (or later cancelled) note: 409 otherwise. */
export async function nfeProc(
  db: Db,
  bucket: R2Bucket,
  companyId: number,
  noteId: number,
): Promise<{ note: IssuedNfeRow; xml: string }> {
  const note = await requireNote(db, companyId, noteId);
  const hasProc = note.status === NFE_STATUS.authorized || note.status === NFE_STATUS.cancelled;
  if (!hasProc || !note.procKey) throw new ApiError(409, NFE_NOT_AUTHORIZED(note.status));
  const object = await bucket.get(note.procKey);
  if (!object) throw new ApiError(409, NFE_PROC_MISSING);
  return { note, xml: await object.text() };
}

export async function nfeDanfe(
  db: Db,
  bucket: R2Bucket,
  companyId: number,
  noteId: number,
  ports: Pick<EmissionPorts, "danfe"> = emissionPorts,
): Promise<{ note: IssuedNfeRow; pdf: Uint8Array }> {
  const stored = await requireNote(db, companyId, noteId);
  if (stored.model === 65) return { note: stored, pdf: await nfceDanfe(bucket, stored) };
  const { note, xml } = await nfeProc(db, bucket, companyId, noteId);
  return { note, pdf: await ports.danfe(xml) };
}

/**
 * The DANFE NFC-e (80 mm) of an NFC-e: from its nfeProc once authorized (or cancelled), from the signed
 * XML alone while it is `Offline` (the offline DANFE, "EMITIDA EM CONTINGÊNCIA", printed at the sale).
 */
async function nfceDanfe(bucket: R2Bucket, note: IssuedNfeRow): Promise<Uint8Array> {
  const hasProc = note.status === NFE_STATUS.authorized || note.status === NFE_STATUS.cancelled;
  const key = hasProc ? note.procKey : note.status === NFE_STATUS.offline ? note.xmlKey : null;
  if (!key) throw new ApiError(409, NFCE_NO_DANFE(note.status));
  const object = await bucket.get(key);
  if (!object) throw new ApiError(409, NFE_PROC_MISSING);
  return renderDanfeNfce(await object.text());
}
