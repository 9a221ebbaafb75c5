/**
 * `POST /nfe/{idnfe}/transmit`: an NFC-e issued in offline contingency (tpEmis 9, `Offline`)
 * transmitted now, when the shop knows its connection (or SEFAZ) is back, instead of at the job's next
 * try (`OFFLINE_RETRY_SECONDS` after the last one).
 *
 * The note is made due now (its `retryAt` set to now by a compare-and-set that applies only while it
 * is `Offline` and not due yet: of two concurrent calls, one) and that call sends the `NFeEmission`
 * job a waking message (`wake`), without delay. Its delivery transmits the note as the job does at its
 * time (`transmitOffline`: the note taken by one delivery, the normal key consulted first, then the
 * offline XML), so every rule of the transmission holds, and ends there (never sent again: however
 * many calls, the job keeps one chain of messages). The job's own delayed message, when it comes,
 * finds the note authorized (or waiting again) and goes on as before.
 */
import { findNote, type IssuedNfeRow } from "../../db/emission";
import { offlineDueNow } from "../../db/emission-nfce";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { errorFields, log } from "../../lib/log";
import type { JobQueue } from "../jobs/create-job";
import { NFE_NOT_FOUND } from "./messages";
import { nfceTransmitNotNfce, nfceTransmitNotOffline } from "./nfce-messages";
import { NFE_STATUS, utcAfter } from "./states";

export type TransmitDeps = { db: Db; queue: JobQueue; account: string };

async function offlineNote(db: Db, companyId: number, noteId: number): Promise<IssuedNfeRow> {
  const note = await findNote(db, companyId, noteId);
  if (!note) throw badRequest(NFE_NOT_FOUND);
  if (note.model !== 65) throw badRequest(nfceTransmitNotNfce(note.id));
  if (note.status !== NFE_STATUS.offline) throw badRequest(nfceTransmitNotOffline(note.id, note.status));
  return note;
}

/**
 * The offline note made due now and its job woken (see the module's comment). Answers the note as it
 * stands after (`RetryAt` now, or already authorized when the delivery was quicker than the read).
 * A note already due (another call, or its time passed) is answered without a second message.
 */
export async function transmitOfflineNow(
  deps: TransmitDeps,
  companyId: number,
  noteId: number,
): Promise<IssuedNfeRow> {
  const note = await offlineNote(deps.db, companyId, noteId);
  const now = utcAfter(new Date(), 0);
  if (!(await offlineDueNow(deps.db, companyId, note.id, now)))
    return offlineNote(deps.db, companyId, noteId);
  if (note.jobId !== null) {
    try {
      await deps.queue.send({ type: "NFeEmission", account: deps.account, jobId: note.jobId, wake: true });
    } catch (error) {
      // the note is due: the job's message already waiting transmits it when it comes (at the
      // latest at the RetryAt the note had)
      log("error", "NFC-e transmission message not sent", { nfeId: note.id, ...errorFields(error) });
    }
  }
  return (await findNote(deps.db, companyId, noteId)) ?? { ...note, retryAt: now };
}
