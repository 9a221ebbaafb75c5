import { insertJobErrors, setJobTotal } from "../../db/jobs";
import { activeBrands, insertCostRecords, productsByCodes, upsertProducts } from "../../db/sku-import";
import { processInChunks } from "../jobs/chunked-job";
import { type JobContext, JobFailure, type JobOutcome } from "../jobs/job-context";
import { readJobFile } from "../jobs/job-file";
import { type CsvRecord, detectDelimiter, isBlankRecord, parseCsv } from "./csv";
import { addCounts, planSkuChunk, type SkuImportCounts } from "./import-chunk";
import { TEMPLATE_EMPTY } from "./messages";
import { type BrandIndex, mapHeader, nameKey, readSkuLine } from "./template";
import { decodeText } from "./text-decoding";

const NO_COUNTS: SkuImportCounts = { created: 0, updated: 0, errors: 0 };

function* dataRecords(records: Iterator<CsvRecord>): Generator<CsvRecord> {
  for (let next = records.next(); !next.done; next = records.next()) {
    if (!isBlankRecord(next.value)) yield next.value;
  }
}

/** Reads the header and answers the data records after it (blank lines skipped). */
function openTemplate(text: string) {
  const records = parseCsv(text, detectDelimiter(text));
  let first = records.next();
  while (!first.done && isBlankRecord(first.value)) first = records.next();
  if (first.done) throw new JobFailure(TEMPLATE_EMPTY);
  const header = mapHeader(first.value.fields);
  if ("error" in header) throw new JobFailure(header.error);
  return { columns: header.columns, records: dataRecords(records) };
}

function countRecords(text: string): number {
  let total = 0;
  for (const _ of openTemplate(text).records) total++;
  return total;
}

function storedCounts(context: JobContext): SkuImportCounts {
  try {
    return { ...NO_COUNTS, ...(JSON.parse(context.job.result ?? "{}") as Partial<SkuImportCounts>) };
  } catch {
    return NO_COUNTS;
  }
}

/**
 * `SkuTemplate`: creates or updates products by code from the CSV, records each line's cost,
 * and reports bad lines by line number without losing the good ones.
 */
export async function importSkuTemplate(context: JobContext): Promise<JobOutcome> {
  const { db, job } = context;
  const { text } = decodeText(await readJobFile(context.bucket, job));
  const { columns, records } = openTemplate(text);
  if (job.processed === 0) {
    await setJobTotal(db, job.id, countRecords(text), NO_COUNTS);
  }
  const brandRows = await activeBrands(db, job.companyId);
  const brands: BrandIndex = {
    ids: new Set(brandRows.map((brand) => brand.id)),
    byName: new Map(brandRows.map((brand) => [nameKey(brand.name), brand.id])),
  };
  return processInChunks(
    context,
    records,
    job.processed === 0 ? NO_COUNTS : storedCounts(context),
    async (chunk, counts) => {
      const lines = chunk.map((record) => readSkuLine(record, columns, brands));
      const codes = lines.flatMap((line) => (line.ok ? [line.value.code] : []));
      const plan = planSkuChunk(lines, await productsByCodes(db, job.companyId, codes));
      return {
        statements: [
          ...upsertProducts(db, job.companyId, plan.upserts),
          ...insertCostRecords(db, job.companyId, job.id, plan.costRecords),
          ...insertJobErrors(
            db,
            plan.errors.map((error) => ({ jobId: job.id, ...error })),
          ),
        ],
        counts: addCounts(counts, plan.counts),
      };
    },
  );
}
