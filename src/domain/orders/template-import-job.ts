import { insertJobErrors } from "../../db/jobs";
import { skusByCodes } from "../../db/stock/registry";
import { ApiError } from "../../lib/errors";
import { processFileInChunks } from "../jobs/chunked-job";
import {
  type CsvJobFile,
  groupConsecutive,
  mapItems,
  openCsvJob,
  resumedCounts,
  setTotalOnFirstRun,
} from "../jobs/csv-job-file";
import type { JobContext, JobOutcome } from "../jobs/job-context";
import { createOrder } from "./create-order";
import { lineSkuNotFound, ORDERS_CSV_EMPTY } from "./messages";
import { type OrderColumns, type OrderLine, ordersHeader, readOrderLine } from "./template-csv";

type Counts = { orders: number; lines: number; errors: number };
const NO_COUNTS: Counts = { orders: 0, lines: 0, errors: 0 };

/** Orders per chunk: each is created in its own batch, so a chunk is kept small for one invocation. */
export const ORDERS_PER_CHUNK = 50;

type Good = OrderLine & { ok: true };

/** The orders of the file from where the job stopped: runs of consecutive lines with the same `pedido`. */
function orderGroups(file: CsvJobFile<OrderColumns>) {
  const lines = mapItems(file.records(), (record) => readOrderLine(record, file.columns));
  return groupConsecutive(lines, (line) => line.key);
}

/** `Items[<i>]. message` of createOrder names the item: the line of that item gets the message. */
function lineOfError(group: Good[], message: string): { line: number; message: string } {
  const match = /^Items\[(\d+)\]\. (.*)$/s.exec(message);
  const item = match ? group[Number(match[1])] : undefined;
  return item ? { line: item.line, message: match![2]! } : { line: group[0]!.line, message };
}

/**
 * `OrdersTemplate`: orders from the CSV template (columns in template-csv.ts), one order per group
 * of consecutive lines with the same `pedido`, each created through `createOrder` (taxes,
 * reservations, history) in its own atomic batch. A group with a bad line is not imported and each
 * bad line is reported by number; the other orders are. The import key `job:<id>:<first line>`
 * is UNIQUE per company, so a redelivered chunk answers the orders it already created instead of
 * creating them again; the errors and the progress of a chunk are one batch.
 */
export async function importOrdersTemplate(context: JobContext): Promise<JobOutcome> {
  const { db, job } = context;
  const file = await openCsvJob(context, ORDERS_CSV_EMPTY, ordersHeader);
  await setTotalOnFirstRun(context, () => orderGroups(file), NO_COUNTS);
  const caller = { companyId: job.companyId, userId: job.createdBy ?? null };
  return processFileInChunks(
    context,
    file,
    orderGroups(file),
    resumedCounts(context, NO_COUNTS),
    async (chunk, counts) => {
      const skus = await skusByCodes(
        db,
        job.companyId,
        chunk.flat().flatMap((l) => (l.ok ? [l.code] : [])),
      );
      const errors: { jobId: number; line: number; message: string }[] = [];
      let created = 0;
      let lines = 0;
      for (const group of chunk) {
        lines += group.length;
        const problems = group.flatMap((l) =>
          !l.ok
            ? [{ line: l.line, message: l.message }]
            : skus.has(l.code)
              ? []
              : [{ line: l.line, message: lineSkuNotFound(l.code) }],
        );
        if (problems.length > 0) {
          errors.push(...problems.map((p) => ({ jobId: job.id, ...p })));
          continue;
        }
        const good = group as Good[];
        const first = good[0]!;
        try {
          await createOrder(db, caller, {
            header: {
              date: first.date,
              consumerId: first.consumerId ?? null,
              orderTypeId: null,
              salesChannelId: first.salesChannelId ?? null,
              warehouseId: first.warehouseId,
              notes: null,
              carrierId: null,
              shippingMethod: null,
              trackingCode: null,
              volumes: 0,
              grossWeight: 0,
              netWeight: 0,
              freight: first.freight ?? 0,
              discount: 0,
            },
            statusId: first.statusId,
            items: good.map((l) => ({
              skuId: skus.get(l.code)!.id,
              quantity: l.quantity,
              unitPrice: l.unitPrice,
              discount: l.discount,
            })),
            importKey: `job:${job.id}:${first.line}`,
          });
          created++;
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 400) throw error;
          errors.push({ jobId: job.id, ...lineOfError(good, error.message) });
        }
      }
      return {
        statements: insertJobErrors(db, errors),
        counts: {
          orders: counts.orders + created,
          lines: counts.lines + lines,
          errors: counts.errors + errors.length,
        },
      };
    },
    ORDERS_PER_CHUNK,
  );
}
