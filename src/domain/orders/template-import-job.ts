import { insertJobErrors } from "../../db/jobs";
import { skusByCodes } from "../../db/stock/registry";
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
import type { OrderInput } from "./create-order";
import { createOrders } from "./create-orders";
import { lineSkuNotFound, ORDERS_CSV_EMPTY } from "./messages";
import { type OrderColumns, type OrderLine, ordersHeader, readOrderLine } from "./template-csv";

type Counts = { orders: number; lines: number; errors: number };
const NO_COUNTS: Counts = { orders: 0, lines: 0, errors: 0 };

/**
 * Orders per chunk: the chunk's orders are created as one set (`createOrders`: its reads once, its
 * writes in one batch), about 30 D1 calls per chunk whatever its size, well within the 133 a chunk
 * may make (budget.ts); 250 two-line orders keep each multi-row statement of the set within D1's 100 KB.
 */
export const ORDERS_PER_CHUNK = 250;

type Good = OrderLine & { ok: true };

/** The orders of the file from where the job stopped: runs of consecutive lines with the same `pedido`. */
function orderGroups(file: CsvJobFile<OrderColumns>) {
  const lines = mapItems(file.records(), (record) => readOrderLine(record, file.columns));
  return groupConsecutive(lines, (line) => line.key);
}

/** `Items[<i>]. message` of createOrders names the item: the line of that item gets the message. */
function lineOfError(group: Good[], message: string): { line: number; message: string } {
  const match = /^Items\[(\d+)\]\. (.*)$/s.exec(message);
  const item = match ? group[Number(match[1])] : undefined;
  return item ? { line: item.line, message: match![2]! } : { line: group[0]!.line, message };
}

/** The order of a group of good lines (its SKUs found by code). */
function orderInputOf(jobId: number, good: Good[], skus: Map<string, { id: number }>): OrderInput {
  const first = good[0]!;
  return {
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
    importKey: `job:${jobId}:${first.line}`,
  };
}

/**
 * `OrdersTemplate`: orders from the CSV template (columns in template-csv.ts), one order per group
 * of consecutive lines with the same `pedido`, the orders of each chunk created together through
 * `createOrders` (the rules of `createOrder`: taxes, reservations, history; one batch for the
 * chunk's valid orders). A group with a bad line is not imported and each bad line is reported by
 * number; an order `createOrders` refuses is reported on its line; the other orders are created.
 * The import key `job:<id>:<first line>` is UNIQUE per company, so a redelivered chunk answers the
 * orders it already created instead of creating them again; the errors and the progress of a chunk
 * are one batch.
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
      const orders: Good[][] = [];
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
        if (problems.length > 0) errors.push(...problems.map((p) => ({ jobId: job.id, ...p })));
        else orders.push(group as Good[]);
      }
      const answers = await createOrders(
        db,
        caller,
        orders.map((good) => orderInputOf(job.id, good, skus)),
      );
      let created = 0;
      for (const [index, answer] of answers.entries()) {
        if ("error" in answer) errors.push({ jobId: job.id, ...lineOfError(orders[index]!, answer.error) });
        else created++;
      }
      // errors by line, as the file reads
      errors.sort((a, b) => a.line - b.line);
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
