import type { JobRow } from "../../db/jobs";
import type { At } from "../jobs/csv-job-file";
import { JobFailure } from "../jobs/job-context";
import { type ByteWindow, byteWindows, READ_WINDOW_BYTES } from "../jobs/job-file";
import { JOB_FILE_MISSING } from "../jobs/messages";
import type { BankLineCandidate } from "../ofx";

/**
 * Where an OFX job resumes, saved with each chunk's progress: the byte `offset` of the next bank
 * line in the job's staged lines (`stagedLinesKey`) and that object's `size`.
 */
export type OfxCursor = { offset: number; size: number };

const LF = 10;

/**
 * R2 key of the bank lines an OFX job imports, one JSON line each, written once when the file is
 * parsed: later deliveries read them by ranges instead of parsing the file again.
 */
export const stagedLinesKey = (job: JobRow) => `${job.fileKey}.lines.jsonl`;

/**
 * Writes the job's bank lines as its staged lines and answers each with the position right after
 * it (where the job resumes once its chunk is committed).
 */
export async function stageLines(
  bucket: R2Bucket,
  job: JobRow,
  lines: BankLineCandidate[],
): Promise<At<BankLineCandidate, OfxCursor>[]> {
  const encoder = new TextEncoder();
  const encoded = lines.map((line) => encoder.encode(`${JSON.stringify(line)}\n`));
  const size = encoded.reduce((sum, bytes) => sum + bytes.length, 0);
  const body = new Uint8Array(size);
  let offset = 0;
  const positioned = lines.map((item, index) => {
    body.set(encoded[index]!, offset);
    offset += encoded[index]!.length;
    return { item, next: { offset, size } };
  });
  await bucket.put(stagedLinesKey(job), body);
  return positioned;
}

/** The cursor an OFX job saved with its last progress, when it has one. */
export function savedOfxCursor(cursor: string | null): OfxCursor | null {
  if (!cursor) return null;
  try {
    const saved = JSON.parse(cursor) as Partial<OfxCursor>;
    return typeof saved.offset === "number" && typeof saved.size === "number" ? (saved as OfxCursor) : null;
  } catch {
    return null;
  }
}

/**
 * The staged lines from `from` to their end, read by R2 ranges window by window (`byteWindows`);
 * null when the staged object is gone (the caller parses the file again). Nothing is read when the
 * job already stored every line.
 */
export async function stagedLinesFrom(
  bucket: R2Bucket,
  job: JobRow,
  from: OfxCursor,
): Promise<AsyncIterable<At<BankLineCandidate, OfxCursor>> | null> {
  if (from.offset >= from.size) return (async function* () {})();
  const key = stagedLinesKey(job);
  const read = async (offset: number, length: number) => {
    const object = await bucket.get(key, { range: { offset, length } });
    return object ? new Uint8Array(await object.arrayBuffer()) : null;
  };
  const first = await read(from.offset, Math.min(READ_WINDOW_BYTES, from.size - from.offset));
  if (!first) return null;
  const source = async (offset: number, length: number) => {
    const bytes = await read(offset, length);
    if (!bytes) throw new JobFailure(JOB_FILE_MISSING);
    return bytes;
  };
  return linesOf(byteWindows(source, from.offset, from.size, first), from.size);
}

async function* linesOf(
  windows: AsyncIterable<ByteWindow>,
  size: number,
): AsyncGenerator<At<BankLineCandidate, OfxCursor>> {
  const decoder = new TextDecoder();
  for await (const window of windows) {
    const { bytes } = window;
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] !== LF) continue;
      const item = JSON.parse(decoder.decode(bytes.subarray(window.used, i))) as BankLineCandidate;
      window.used = i + 1;
      yield { item, next: { offset: window.offset + window.used, size } };
    }
    if (window.atEnd && window.used < bytes.length)
      throw new Error("staged bank lines end without a line break");
  }
}

/** Removes the job's staged lines (the job ended: Done or Failed). */
export async function discardStagedLines(bucket: R2Bucket, job: JobRow): Promise<void> {
  await bucket.delete(stagedLinesKey(job));
}
