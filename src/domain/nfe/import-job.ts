import type { JobRow } from "../../db/jobs";
import { insertJobErrors, setJobTotal } from "../../db/jobs";
import {
  companyDocuments,
  findNfeByKey,
  firstActiveWarehouse,
  linkPurchase,
  type MatchedItem,
  type NfeRow,
  purchaseIdByKey,
  type StoredNfe,
  skusByEans,
  skusBySupplierCodes,
  storeNfeStatements,
  supplierByDocument,
} from "../../db/nfe";
import type { Statement } from "../../db/sql";
import type { Db } from "../../env";
import { ApiError } from "../../lib/errors";
import { processInChunks } from "../jobs/chunked-job";
import { resumedCounts } from "../jobs/csv-job-file";
import { type JobContext, JobFailure, type JobOutcome } from "../jobs/job-context";
import { readJobFile } from "../jobs/job-file";
import { createPurchase } from "../purchases/purchases";
import { PURCHASE_STATUS } from "../purchases/statuses";
import { itemWithoutSku, nfeDuplicateKey, nfeOtherRecipient, purchaseNotCreated } from "./messages";
import { readNfe } from "./read-nfe";
import type { NfeDocument } from "./types";

/** Counts of an NF-e import job, committed with the document (a redelivery reads them back). */
type Counts = { items: number; matched: number; unmatched: number; supplierCreated: number };
const NO_COUNTS: Counts = { items: 0, matched: 0, unmatched: 0, supplierCreated: 0 };

/** Cents per unit of an item: its value with its IPI (a cost for a reseller) over its quantity, half up. */
const unitCostOf = (item: MatchedItem) =>
  Math.round(((item.total + item.taxes.ipi) * 1000) / Math.max(item.quantity, 1));

/**
 * The purchase of the stored NF-e: the company's purchase with the same access key when there is
 * one (linked), else a new one through `createPurchase` (status 7, awaiting the receiving check, in
 * the company's first active warehouse, the matched items at their cost, the NF-e's installment
 * count). Idempotent: a retry finds the purchase by its key (UNIQUE per company) and links it.
 * Answers the reason when no purchase could be made (reported on line 0), else null.
 */
async function purchaseOfNfe(
  db: Db,
  job: JobRow,
  nfe: NfeRow,
  document: NfeDocument,
  items: MatchedItem[],
): Promise<string | null> {
  if (nfe.purchaseId !== null) return null;
  const companyId = job.companyId;
  let purchaseId = await purchaseIdByKey(db, companyId, nfe.chNfe);
  if (purchaseId === undefined) {
    const bought = items.filter((item) => item.skuId !== null);
    if (bought.length === 0) return null;
    try {
      const created = await createPurchase(
        db,
        { companyId, userId: job.createdBy ?? 0 },
        {
          supplierId: nfe.supplierId,
          warehouseId: (await firstActiveWarehouse(db, companyId)) ?? null,
          statusId: PURCHASE_STATUS.awaitingCheck,
          installments: Math.max(document.installments.length, 1),
          chNfe: nfe.chNfe,
          nfeNumber: nfe.number,
          description: `NF-e ${nfe.number} série ${nfe.series} de ${nfe.issuerName}`,
          items: bought.map((item) => ({
            skuId: item.skuId!,
            quantity: item.quantity / 1000,
            unitCost: unitCostOf(item),
          })),
        },
      );
      purchaseId = created.header.id;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // a concurrent delivery created it first (chNFe is unique among purchases)
      purchaseId = await purchaseIdByKey(db, companyId, nfe.chNfe);
      if (purchaseId === undefined) return purchaseNotCreated(error.message);
    }
  }
  await linkPurchase(db, companyId, nfe.id, purchaseId);
  return null;
}

/**
 * SKUs of the items, in passes from most to least certain: the supplier's own code (`cProd`) as
 * learnt from earlier NF-e of the same supplier, then the EAN (`cEAN`, then `cEANTrib`). An item
 * matched by EAN teaches its code for the next document.
 */
export function matchItems(
  items: NfeDocument["items"],
  bySupplierCode: Map<string, number>,
  byEan: Map<string, number>,
): MatchedItem[] {
  return items.map((item) => {
    const learnt = bySupplierCode.get(item.supplierCode);
    if (learnt !== undefined) return { ...item, skuId: learnt, matchedBy: "supplier-code" };
    const ean = [item.ean, item.eanTrib].find((code) => code !== null && byEan.has(code));
    if (ean) return { ...item, skuId: byEan.get(ean)!, matchedBy: "ean" };
    return { ...item, skuId: null, matchedBy: null };
  });
}

/** The document checked against the company: addressed to one of its CNPJs, a key it does not have yet. */
async function acceptedDocument(context: JobContext): Promise<NfeDocument> {
  const { db, job } = context;
  const reading = readNfe(await readJobFile(context.bucket, job));
  if (!reading.ok) throw new JobFailure(reading.message);
  const document = reading.document;
  const recipients = await companyDocuments(db, job.companyId);
  if (!recipients.includes(document.recipient.document))
    throw new JobFailure(nfeOtherRecipient(document.recipient.document));
  return document;
}

/**
 * `NFeXML`: one NF-e XML file (nfeProc or NFe, layout 4.00). The supplier is found by the issuer's
 * CNPJ or created, the items are matched to SKUs (an item without a SKU is kept on the document and
 * reported as a line error, its line being `nItem`), and the document, its items and the supplier
 * are written in one batch with the job's progress: a file is stored whole or not at all, and the
 * UNIQUE (company, chNFe) index refuses the same NF-e twice even from two jobs at once.
 */
export async function importNfe(context: JobContext): Promise<JobOutcome> {
  const { db, job } = context;
  const document = await acceptedDocument(context);
  const existing = await findNfeByKey(db, job.companyId, document.accessKey);
  // a distributed summary's feed line of the key is not a document yet: the import fills it
  if (existing && existing.jobId !== job.id && existing.summary !== 1)
    throw new JobFailure(nfeDuplicateKey(document.accessKey));

  const found = await supplierByDocument(db, job.companyId, document.issuer.document);
  const codes = document.items.map((item) => item.supplierCode);
  const eans = document.items.flatMap((item) => [item.ean, item.eanTrib]).filter((ean) => ean !== null);
  const items = matchItems(
    document.items,
    found ? await skusBySupplierCodes(db, job.companyId, found.id, codes) : new Map(),
    await skusByEans(db, job.companyId, [...new Set(eans)]),
  );
  const unmatched = items.filter((item) => item.skuId === null);
  if (job.processed === 0) await setJobTotal(db, job.id, items.length, NO_COUNTS);

  let counts = resumedCounts(context, NO_COUNTS);
  const outcome = await processInChunks(
    context,
    items,
    counts,
    async () => {
      const stored: StoredNfe = {
        document,
        items,
        supplier: found ?? { create: { name: document.issuer.name, document: document.issuer.document } },
        jobId: job.id,
      };
      const errors = unmatched.map((item) => ({
        jobId: job.id,
        line: item.number,
        message: itemWithoutSku(item.supplierCode, item.ean ?? item.eanTrib),
      }));
      counts = {
        items: items.length,
        matched: items.length - unmatched.length,
        unmatched: unmatched.length,
        supplierCreated: found ? 0 : 1,
      };
      return {
        statements: [...storeNfeStatements(db, job.companyId, stored), ...insertJobErrors(db, errors)],
        counts,
      };
    },
    // the whole document is one chunk: stored whole or not at all
    Math.max(items.length, 1),
  );
  if (outcome.status === "continue") return outcome;
  const nfe = await findNfeByKey(db, job.companyId, document.accessKey);
  if (!nfe) throw new Error(`NF-e ${document.accessKey} of job ${job.id} not found after its batch`);
  const refusal = await purchaseOfNfe(db, job, nfe, document, items);
  if (refusal)
    await db.batch(insertJobErrors(db, [{ jobId: job.id, line: 0, message: refusal }]) as [Statement]);
  const purchased =
    refusal === null &&
    (nfe.purchaseId !== null || (await purchaseIdByKey(db, job.companyId, nfe.chNfe)) !== undefined);
  return { status: "done", result: { ...counts, purchased: purchased ? 1 : 0 } };
}
