import { setJobTotal } from "../../db/jobs";
import {
  type CsvDelimiter,
  type CsvRecord,
  detectDelimiter,
  isBlankRecord,
  parseCsvFrom,
} from "../../lib/csv";
import { type DecodedText, decodeText } from "../../lib/text-decoding";
import { type JobContext, JobFailure } from "./job-context";
import { type ByteSource, byteWindows, readJobFileRange, readWholeJobFile } from "./job-file";

type HeaderReading<C> = { columns: C } | { error: string };

/**
 * Where a CSV job resumes in its file, saved with each chunk's progress: the next record's byte
 * `offset` and `line`, and what reading the file needs without reading it whole again (its
 * encoding and delimiter as found on the first run, where the header lies, size and R2 etag).
 */
export type CsvCursor = {
  offset: number;
  line: number;
  encoding: DecodedText["encoding"];
  delimiter: CsvDelimiter;
  /** Byte offsets of the header record: after a UTF-8 BOM, and right after the header. */
  headerStart: number;
  headerEnd: number;
  size: number;
  etag: string;
};

/** An item of the file with the position right after it (where the job resumes once it is committed). */
export type At<T, P extends object = CsvCursor> = { item: T; next: P };

const LF = 10;
const CR = 13;

/** Index right after the window's last line break that is surely whole (a CR at the very end may be half a CRLF). */
function lastLineBreak(bytes: Uint8Array): number {
  for (let i = bytes.length - 1; i >= 0; i--) {
    const byte = bytes[i];
    if (byte === LF || (byte === CR && i < bytes.length - 1)) return i + 1;
  }
  return 0;
}

/** Bytes `text[from, to)` takes in the file's encoding (Windows-1252: one per character). */
function byteLength(text: string, from: number, to: number, encoding: CsvCursor["encoding"]): number {
  if (encoding === "windows-1252") return to - from;
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < to) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The records of the file from `from` up to `from.size`, read window by window from `source`: only
 * complete records are yielded (a window ends after its last line break; a quoted field running
 * past it is read again with the next window), each with the position after it. Line breaks and
 * quotes are ASCII in both encodings, so a window never cuts a character.
 */
async function* recordsFrom(source: ByteSource, from: CsvCursor): AsyncGenerator<At<CsvRecord>> {
  const decoder = new TextDecoder(from.encoding, { fatal: false, ignoreBOM: true });
  let { line } = from;
  for await (const window of byteWindows(source, from.offset, from.size)) {
    const { bytes, atEnd } = window;
    const cut = atEnd ? bytes.length : lastLineBreak(bytes);
    const text = decoder.decode(bytes.subarray(0, cut));
    let consumed = 0;
    for (const { record, end, nextLine } of parseCsvFrom(text, from.delimiter, line)) {
      if (record.unterminatedQuote && !atEnd) break;
      window.used += byteLength(text, consumed, end, from.encoding);
      consumed = end;
      line = nextLine;
      yield { item: record, next: { ...from, offset: window.offset + window.used, line } };
    }
  }
}

async function* dataRecords(records: AsyncIterable<At<CsvRecord>>): AsyncGenerator<At<CsvRecord>> {
  for await (const record of records) if (!isBlankRecord(record.item)) yield record;
}

/** The cursor a job saved with its last progress, when it has one. */
function savedCursor(cursor: string | null): CsvCursor | null {
  if (!cursor) return null;
  try {
    const saved = JSON.parse(cursor) as Partial<CsvCursor>;
    return typeof saved.offset === "number" && typeof saved.etag === "string" ? (saved as CsvCursor) : null;
  } catch {
    return null;
  }
}

/**
 * The job's CSV: its header's columns, and its data records from where the job stopped; `skip`
 * units are to be passed over first when the job has progress but no saved cursor (a job started
 * before cursors were saved resumes by counting, once).
 */
export type CsvJobFile<C> = { columns: C; records: () => AsyncGenerator<At<CsvRecord>>; skip: number };

/**
 * Opens the job's CSV. On the first run the file is read whole (its SHA-256 checked against the
 * confirmation, its encoding and delimiter found) and its records come from memory; a job that
 * already committed progress reads only the header and then the file by R2 ranges from its saved
 * cursor, so no delivery reads the file from line 1 again. The first non-blank record is the
 * header, read by `readHeader`; an empty file or a header the job cannot use fails the job with the
 * given message or the header's own. Blank records are skipped.
 */
export async function openCsvJob<C>(
  context: JobContext,
  emptyMessage: string,
  readHeader: (fields: string[]) => HeaderReading<C>,
): Promise<CsvJobFile<C>> {
  const { bucket, job } = context;
  const saved = job.processed > 0 ? savedCursor(job.cursor) : null;
  let file: CsvCursor;
  let source: ByteSource;
  if (saved) {
    file = saved;
    source = (offset, length) => readJobFileRange(bucket, job, saved.etag, offset, length);
  } else {
    const { bytes, etag } = await readWholeJobFile(bucket, job);
    const { text, encoding } = decodeText(bytes);
    const bom = encoding === "utf-8" && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    const start = bom ? 3 : 0;
    const [size, delimiter] = [bytes.length, detectDelimiter(text)];
    file = { offset: start, line: 1, encoding, delimiter, headerStart: start, headerEnd: size, size, etag };
    source = async (offset, length) => bytes.subarray(offset, offset + length);
  }
  const headerFile = { ...file, offset: file.headerStart, line: 1, size: file.headerEnd };
  let header: At<CsvRecord> | undefined;
  for await (const record of dataRecords(recordsFrom(source, headerFile))) {
    header = record;
    break;
  }
  if (!header) throw new JobFailure(emptyMessage);
  const reading = readHeader(header.item.fields);
  if ("error" in reading) throw new JobFailure(reading.error);
  const resume = saved ?? { ...header.next, headerEnd: header.next.offset, size: file.size };
  return {
    columns: reading.columns,
    records: () => dataRecords(recordsFrom(source, resume)),
    skip: saved ? 0 : job.processed,
  };
}

/** Each item of `items` through `read`, keeping its position. */
export async function* mapItems<T, U>(
  items: AsyncIterable<At<T>>,
  read: (item: T) => U,
): AsyncGenerator<At<U>> {
  for await (const { item, next } of items) yield { item: read(item), next };
}

/** Runs of consecutive items with the same `key`, each positioned after its last item. */
export async function* groupConsecutive<T>(
  items: AsyncIterable<At<T>>,
  key: (item: T) => unknown,
): AsyncGenerator<At<T[]>> {
  let group: T[] = [];
  let next: CsvCursor | undefined;
  for await (const current of items) {
    if (group.length > 0 && next && key(group[0]!) !== key(current.item)) {
      yield { item: group, next };
      group = [];
    }
    group.push(current.item);
    next = current.next;
  }
  if (group.length > 0 && next) yield { item: group, next };
}

/** On a job's first run, stores how many units `units()` yields as its total, with `zero` counts. */
export async function setTotalOnFirstRun(
  context: JobContext,
  units: () => Iterable<unknown> | AsyncIterable<unknown>,
  zero: object,
): Promise<void> {
  if (context.job.processed !== 0) return;
  let total = 0;
  for await (const _ of units()) total++;
  await setJobTotal(context.db, context.job.id, total, zero);
}

/** The counts a job stored in its result by earlier invocations, over `zero` (a fresh job: `zero`). */
export function resumedCounts<C extends object>(context: JobContext, zero: C): C {
  if (context.job.processed === 0) return zero;
  try {
    return { ...zero, ...(JSON.parse(context.job.result ?? "{}") as Partial<C>) };
  } catch {
    return zero;
  }
}
