import { setJobTotal } from "../../db/jobs";
import { type CsvRecord, detectDelimiter, isBlankRecord, parseCsv } from "../../lib/csv";
import { type JobContext, JobFailure } from "./job-context";

type HeaderReading<C> = { columns: C } | { error: string };

function* dataRecords(records: Iterator<CsvRecord>): Generator<CsvRecord> {
  for (let next = records.next(); !next.done; next = records.next()) {
    if (!isBlankRecord(next.value)) yield next.value;
  }
}

/**
 * The CSV of a job: the first non-blank record is the header, read by `readHeader`; answers its
 * columns and the data records after it (blank lines skipped). An empty file or a header the job
 * cannot use fails the job with the given message or the header's own.
 */
export function openCsvJobFile<C>(
  text: string,
  emptyMessage: string,
  readHeader: (fields: string[]) => HeaderReading<C>,
): { columns: C; records: Generator<CsvRecord> } {
  const records = parseCsv(text, detectDelimiter(text));
  let first = records.next();
  while (!first.done && isBlankRecord(first.value)) first = records.next();
  if (first.done) throw new JobFailure(emptyMessage);
  const header = readHeader(first.value.fields);
  if ("error" in header) throw new JobFailure(header.error);
  return { columns: header.columns, records: dataRecords(records) };
}

/** The job's CSV as lines read by `readLine`; the header is read at once, as `openCsvJobFile` does. */
export function readCsvJobLines<C, L>(
  text: string,
  emptyMessage: string,
  readHeader: (fields: string[]) => HeaderReading<C>,
  readLine: (record: CsvRecord, columns: C) => L,
): Generator<L> {
  const { columns, records } = openCsvJobFile(text, emptyMessage, readHeader);
  return (function* () {
    for (const record of records) yield readLine(record, columns);
  })();
}

/** On a job's first run, stores how many units `units()` yields as its total, with `zero` counts. */
export async function setTotalOnFirstRun(
  context: JobContext,
  units: () => Iterable<unknown>,
  zero: object,
): Promise<void> {
  if (context.job.processed !== 0) return;
  let total = 0;
  for (const _ of units()) total++;
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
