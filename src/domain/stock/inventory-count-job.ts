import { insertJobErrors } from "../../db/jobs";
import { findInventory } from "../../db/stock/inventory";
import { batchesBySkuCodes, skusByCodes } from "../../db/stock/registry";
import { processFileInChunks } from "../jobs/chunked-job";
import { mapItems, openCsvJob, resumedCounts, setTotalOnFirstRun } from "../jobs/csv-job-file";
import { type JobContext, JobFailure, type JobOutcome } from "../jobs/job-context";
import { checkCounts, countStatements } from "./inventory";
import { type CountLine, countHeader, readCountLine } from "./inventory-csv";
import { inventoryIdOf } from "./inventory-job-params";
import {
  INVENTORY_APPLIED_NO_CHANGES,
  INVENTORY_CSV_EMPTY,
  INVENTORY_CSV_PARAMS,
  INVENTORY_NOT_FOUND,
  lineBatchNotFound,
  lineSkuNotFound,
} from "./messages";

type Counts = { counted: number; errors: number };
const NO_COUNTS: Counts = { counted: 0, errors: 0 };

/**
 * `StockInventoryCount`: counted quantities of an open inventory from a CSV (`sku;quantity;batch`),
 * in chunks; each bad line is reported by number (SKU or batch not found, bad quantity) and the
 * good ones are recorded. The last count of a SKU/batch wins, so a redelivered chunk changes nothing.
 */
export async function importInventoryCount(context: JobContext): Promise<JobOutcome> {
  const { db, job } = context;
  const inventoryId = inventoryIdOf(job.params);
  if (inventoryId === null) throw new JobFailure(INVENTORY_CSV_PARAMS);
  const inventory = await findInventory(db, job.companyId, inventoryId);
  if (!inventory) throw new JobFailure(INVENTORY_NOT_FOUND);
  if (inventory.applied === 1) throw new JobFailure(INVENTORY_APPLIED_NO_CHANGES);
  const file = await openCsvJob(context, INVENTORY_CSV_EMPTY, countHeader);
  await setTotalOnFirstRun(context, file.records, NO_COUNTS);
  return processFileInChunks(
    context,
    file,
    mapItems(file.records(), (record) => readCountLine(record, file.columns)),
    resumedCounts(context, NO_COUNTS),
    async (chunk, counts) => {
      const readable = chunk.filter((l): l is CountLine & { ok: true } => l.ok);
      const skus = await skusByCodes(
        db,
        job.companyId,
        readable.map((l) => l.code),
      );
      const batches = await batchesBySkuCodes(
        db,
        job.companyId,
        readable.flatMap((l) => {
          const sku = skus.get(l.code);
          return sku && l.batchCode ? [{ skuId: sku.id, code: l.batchCode }] : [];
        }),
      );
      const errors: { jobId: number; line: number; message: string }[] = [];
      const requests: { line: number; skuId: number; batchId: number | null; quantity: number }[] = [];
      for (const l of chunk) {
        if (!l.ok) {
          errors.push({ jobId: job.id, line: l.line, message: l.message });
          continue;
        }
        const sku = skus.get(l.code);
        if (!sku) {
          errors.push({ jobId: job.id, line: l.line, message: lineSkuNotFound(l.code) });
          continue;
        }
        const batch = l.batchCode ? batches.get(`${sku.id}:${l.batchCode}`) : undefined;
        if (l.batchCode && !batch) {
          errors.push({ jobId: job.id, line: l.line, message: lineBatchNotFound(l.code) });
          continue;
        }
        requests.push({ line: l.line, skuId: sku.id, batchId: batch?.id ?? null, quantity: l.quantity });
      }
      const checks = await checkCounts(db, job.companyId, requests);
      const lines = [];
      for (const [index, check] of checks.entries()) {
        if (check.ok) lines.push(check.line);
        else errors.push({ jobId: job.id, line: requests[index]!.line, message: check.message });
      }
      return {
        statements: [
          ...countStatements(db, job.companyId, inventoryId, lines),
          ...insertJobErrors(db, errors),
        ],
        counts: { counted: counts.counted + lines.length, errors: counts.errors + errors.length },
      };
    },
  );
}
