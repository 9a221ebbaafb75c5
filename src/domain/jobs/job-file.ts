import type { JobRow } from "../../db/jobs";
import { sha256OfBytes } from "../../lib/hashing";
import { JobFailure } from "./job-context";
import { JOB_FILE_CHANGED, JOB_FILE_MISSING } from "./messages";

/**
 * The job's file from R2, checked against the hash taken at confirmation: a file replaced
 * after the job was created is refused instead of processed under the old job.
 */
export async function readJobFile(bucket: R2Bucket, job: JobRow): Promise<Uint8Array> {
  const object = await bucket.get(job.fileKey);
  if (!object) throw new JobFailure(JOB_FILE_MISSING);
  const bytes = new Uint8Array(await object.arrayBuffer());
  if ((await sha256OfBytes(bytes)) !== job.fileHash) throw new JobFailure(JOB_FILE_CHANGED);
  return bytes;
}
