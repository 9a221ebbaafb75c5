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
