import { type CsvRecord, detectDelimiter, isBlankRecord, parseCsv } from "../sku/csv";
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

/** The counts a job stored in its result by earlier invocations, over `zero` (a fresh job: `zero`). */
export function resumedCounts<C extends object>(context: JobContext, zero: C): C {
  if (context.job.processed === 0) return zero;
  try {
    return { ...zero, ...(JSON.parse(context.job.result ?? "{}") as Partial<C>) };
  } catch {
    return zero;
  }
}
