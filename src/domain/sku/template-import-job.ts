import { insertJobErrors } from "../../db/jobs";
import { activeBrands, insertCostRecords, productsByCodes, upsertProducts } from "../../db/sku-import";
import { processInChunks } from "../jobs/chunked-job";
import { openCsvJobFile, resumedCounts, setTotalOnFirstRun } from "../jobs/csv-job-file";
import type { JobContext, JobOutcome } from "../jobs/job-context";
import { readJobFile } from "../jobs/job-file";
import { addCounts, planSkuChunk, type SkuImportCounts } from "./import-chunk";
import { TEMPLATE_EMPTY } from "./messages";
import { type BrandIndex, mapHeader, nameKey, readSkuLine } from "./template";
import { decodeText } from "./text-decoding";

const NO_COUNTS: SkuImportCounts = { created: 0, updated: 0, errors: 0 };

/** The template's columns and its data records. */
const openTemplate = (text: string) => openCsvJobFile(text, TEMPLATE_EMPTY, mapHeader);

/**
 * `SkuTemplate`: creates or updates products by code from the CSV, records each line's cost,
 * and reports bad lines by line number without losing the good ones.
 */
export async function importSkuTemplate(context: JobContext): Promise<JobOutcome> {
  const { db, job } = context;
  const { text } = decodeText(await readJobFile(context.bucket, job));
  const { columns, records } = openTemplate(text);
  await setTotalOnFirstRun(context, () => openTemplate(text).records, NO_COUNTS);
  const brandRows = await activeBrands(db, job.companyId);
  const brands: BrandIndex = {
    ids: new Set(brandRows.map((brand) => brand.id)),
    byName: new Map(brandRows.map((brand) => [nameKey(brand.name), brand.id])),
  };
  return processInChunks(context, records, resumedCounts(context, NO_COUNTS), async (chunk, counts) => {
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
  });
}
