import type { JobRow } from "../../db/jobs";
import { sha256OfBytes } from "../../lib/hashing";
import { JobFailure } from "./job-context";
import { JOB_FILE_CHANGED, JOB_FILE_MISSING } from "./messages";

/**
 * The job's file from R2, checked against the hash taken at confirmation: a file replaced
 * after the job was created is refused instead of processed under the old job.
 */
export async function readJobFile(bucket: R2Bucket, job: JobRow): Promise<Uint8Array> {
  return (await readWholeJobFile(bucket, job)).bytes;
}

/** `readJobFile` with the object's etag, which later range reads of the same file compare. */
export async function readWholeJobFile(
  bucket: R2Bucket,
  job: JobRow,
): Promise<{ bytes: Uint8Array; etag: string }> {
  const object = await bucket.get(job.fileKey);
  if (!object) throw new JobFailure(JOB_FILE_MISSING);
  const bytes = new Uint8Array(await object.arrayBuffer());
  if ((await sha256OfBytes(bytes)) !== job.fileHash) throw new JobFailure(JOB_FILE_CHANGED);
  return { bytes, etag: object.etag };
}

/**
 * `length` bytes of the job's file from `offset` (an R2 range read), refused when the object is no
 * longer the one whose etag the job recorded on its first run (replaced after confirmation).
 */
export async function readJobFileRange(
  bucket: R2Bucket,
  job: JobRow,
  etag: string,
  offset: number,
  length: number,
): Promise<Uint8Array> {
  const object = await bucket.get(job.fileKey, { range: { offset, length } });
  if (!object) throw new JobFailure(JOB_FILE_MISSING);
  if (object.etag !== etag) throw new JobFailure(JOB_FILE_CHANGED);
  return new Uint8Array(await object.arrayBuffer());
}

/** Bytes asked of R2 per read; doubled while one line (or record) does not fit. */
export const READ_WINDOW_BYTES = 256 * 1024;

/** `length` bytes of an object from `offset` (an R2 range read, or a slice of bytes in memory). */
export type ByteSource = (offset: number, length: number) => Promise<Uint8Array>;

/**
 * A window of an object's bytes from `offset`, `atEnd` when it reaches the end. Its reader adds to
 * `used` the bytes of the whole lines (or records) it took: the next window starts after them.
 */
export type ByteWindow = { bytes: Uint8Array; offset: number; atEnd: boolean; used: number };

/**
 * The bytes `[from, size)` of an object read window by window from `source`, for a reader that takes
 * whole lines and leaves a cut one to the next window: each window starts where the previous one's
 * `used` bytes end; when a window gave nothing whole (one line is longer than it) the next one is
 * twice as large, then back to `READ_WINDOW_BYTES`. `first` is the first window when the caller
 * already read it (to learn whether the object is there).
 */
export async function* byteWindows(
  source: ByteSource,
  from: number,
  size: number,
  first?: Uint8Array,
): AsyncGenerator<ByteWindow> {
  let offset = from;
  let length = READ_WINDOW_BYTES;
  let bytes = first;
  while (offset < size) {
    bytes ??= await source(offset, Math.min(length, size - offset));
    const window: ByteWindow = { bytes, offset, atEnd: offset + bytes.length >= size, used: 0 };
    yield window;
    if (window.atEnd) return;
    offset += window.used;
    length = window.used === 0 ? length * 2 : READ_WINDOW_BYTES;
    bytes = undefined;
  }
}
