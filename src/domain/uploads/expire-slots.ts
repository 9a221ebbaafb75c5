import { deleteUploadSlots, expiredUploadSlots } from "../../db/jobs";
import type { Db } from "../../env";

/**
 * How long a slot outlives its upload URL: the PUT is refused once the URL expires, but the
 * ConfirmUpload that follows it may come later. After this, the slot is removed.
 */
const SLOT_RETENTION_SECONDS = 24 * 60 * 60;
/** Slots handled per chunk: one select, one R2 delete (up to 1000 keys) and one batch of deletes. */
const EXPIRED_SLOTS_PER_CHUNK = 100;
/** Chunks per account and run, so one run stays within a scheduled invocation's limits. */
const EXPIRED_SLOT_CHUNKS_PER_RUN = 20;

/** A slot past its retention; `confirmed` when a job took its object (the job's file, kept). */
export type ExpiredUploadSlot = { key: string; confirmed: boolean };

type ExpireSlotsDeps = { db: Db; bucket: R2Bucket; now: Date };
type ExpireSlotsLimits = { perChunk: number; chunks: number };
type ExpiredSlotsSweep = {
  /** Slot rows deleted. */
  slots: number;
  /** Objects deleted from storage: uploaded (or not) but never confirmed into a job. */
  objects: number;
  /** True when the run stopped at its chunk limit with expired slots left for the next run. */
  more: boolean;
};

const utcTimestamp = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/**
 * Removes the upload slots of an account whose URL expired more than SLOT_RETENTION_SECONDS
 * ago, with the objects of those never confirmed into a job, in bounded chunks. The objects go
 * first: if the storage fails, the rows stay and the next run tries again (deleting a missing
 * object is harmless), so an orphan object is never left without its row.
 */
export async function expireUploadSlots(
  deps: ExpireSlotsDeps,
  limits: ExpireSlotsLimits = { perChunk: EXPIRED_SLOTS_PER_CHUNK, chunks: EXPIRED_SLOT_CHUNKS_PER_RUN },
): Promise<ExpiredSlotsSweep> {
  const cutoff = utcTimestamp(new Date(deps.now.getTime() - SLOT_RETENTION_SECONDS * 1000));
  const sweep: ExpiredSlotsSweep = { slots: 0, objects: 0, more: false };
  for (let chunk = 0; chunk < limits.chunks; chunk++) {
    const slots = await expiredUploadSlots(deps.db, cutoff, limits.perChunk);
    if (slots.length === 0) return sweep;
    const orphans = slots.filter((slot) => !slot.confirmed).map((slot) => slot.key);
    if (orphans.length > 0) await deps.bucket.delete(orphans);
    await deleteUploadSlots(
      deps.db,
      slots.map((slot) => slot.key),
    );
    sweep.slots += slots.length;
    sweep.objects += orphans.length;
    if (slots.length < limits.perChunk) return sweep;
  }
  sweep.more = true;
  return sweep;
}
