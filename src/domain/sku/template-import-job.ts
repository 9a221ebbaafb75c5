import { insertJobErrors } from "../../db/jobs";
import { activeBrands, insertCostRecords, productsByCodes, upsertProducts } from "../../db/sku-import";
import { processFileInChunks } from "../jobs/chunked-job";
import { openCsvJob, resumedCounts, setTotalOnFirstRun } from "../jobs/csv-job-file";
import type { JobContext, JobOutcome } from "../jobs/job-context";
import { addCounts, planSkuChunk, type SkuImportCounts } from "./import-chunk";
import { TEMPLATE_EMPTY } from "./messages";
import { type BrandIndex, mapHeader, nameKey, readSkuLine } from "./template";

const NO_COUNTS: SkuImportCounts = { created: 0, updated: 0, errors: 0 };

/**
 * `SkuTemplate`: creates or updates products by code from the CSV, records each line's cost,
 * and reports bad lines by line number without losing the good ones.
 */
export async function importSkuTemplate(context: JobContext): Promise<JobOutcome> {
  const { db, job } = context;
  const file = await openCsvJob(context, TEMPLATE_EMPTY, mapHeader);
  const { columns } = file;
  await setTotalOnFirstRun(context, file.records, NO_COUNTS);
  const brandRows = await activeBrands(db, job.companyId);
  const brands: BrandIndex = {
    ids: new Set(brandRows.map((brand) => brand.id)),
    byName: new Map(brandRows.map((brand) => [nameKey(brand.name), brand.id])),
  };
  const resumed = resumedCounts(context, NO_COUNTS);
  return processFileInChunks(context, file, file.records(), resumed, async (chunk, counts) => {
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
