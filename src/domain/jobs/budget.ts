import { D1_CALLS_PER_INVOCATION } from "../../platform/d1-budget";

/*
 * How the jobs consumer spends `D1_CALLS_PER_INVOCATION` (800 of D1's 1,000; the Worker's entry
 * counts the calls of every invocation of the test suite and fails it above 1,000,
 * src/platform/invocation-guard.ts). An invocation runs at most `CHUNKS_PER_INVOCATION` chunks (all
 * messages of its batch together), so one chunk of any job may make 800 / 6 = 133 calls, the
 * consumer's own calls per message (find, start, finish: about 5) included. Each job sizes its
 * chunk from that. Measured by test/budget/job-types.test.ts: three jobs of the type in one
 * delivery, so the invocation's 6 chunks are all full chunks (a batch counts its statements):
 * - `SkuTemplate` (`CHUNK_SIZE` 500 lines): 417 calls / 6 = 70 a chunk (its batch: 62 multi-row
 *   statements within 100 bound parameters each, plus the SKU reads) <= 133.
 * - `SkuCostRecalculate` (no chunks, one SKU): 7 a job.
 * - `StockInventoryCount` (500 counted SKUs): 99 / 6 = 17 a chunk.
 * - `MarketplaceSettlement` (500 lines): 336 / 6 = 56 a chunk.
 * - `OrdersTemplate` (250 orders, `createOrders`): SKUs by code and by id, CSTs, tax profiles,
 *   references (4), company, import keys, stock (2), one batch of about 10 multi-row statements
 *   (JSON lists cut at 90 KB), the ids read back, the errors + progress batch (2): measured 104 / 6
 *   = 17 a chunk of one-line orders; about 30 for two-line orders of 90 SKU codes.
 * - `BankStatementOFX` (`OFX_LINES_PER_CHUNK` 5,000 lines, inserts of 1,000 lines a statement):
 *   54 calls for a whole 10,050-line file with its rules.
 * - `ConciliationRuleApply` (`DECISIONS_PER_BATCH` 2,000, set-based statements): 69 / 6 = 12.
 * - `NFeXML` (one document a job, stored whole in one batch): 34 a document of 20 items, 53
 *   for the layout's largest, 990 items.
 * - `PixReceivedPoll` (`PIX_PER_CHUNK` 1,000 Pix, statements reading JSON lists): 36 / 6 = 6.
 * - `HubOrderPull` (one page of 500 channel orders stored as one set, then their orders created as
 *   one set): the page's reads (2) and batch (about 11 statements: consumers, hub orders in 90 KB
 *   parts, items, claims, cursor, progress), the set's hub orders and items (2), `createOrders`
 *   (about 25 as above, plus the payment type's rate reads; an order that cannot reserve falls back
 *   to status 1 inside the same set), the links batch (2-3): about 45 per page, declared 11 + 80 =
 *   91, one chunk. The first page of a delivery is forced beyond the message's fair share; a forced
 *   page takes only what the invocation has left (`WorkBudget`), unless its message is the
 *   invocation's first.
 * - `BankReturnCNAB` (3,500 records per chunk, `RETURN_RECORDS_PER_CHUNK`): the titles and the
 *   occurrences recorded for the chunk's keys (one query per 90 KB of keys: 1 or 2), one batch of
 *   JSON lists cut at 90 KB (3,500 liquidations: history 4, entries 11, settlements 1, title.paid 1,
 *   notes 0, progress 1): about 25 per chunk; at most about 110 when every record carries the longest
 *   texts (255-character descriptions in four entries, a note each). A 10,000-title return: 3 chunks,
 *   one delivery, about 70 calls (test/routes/bank-returns/chunks.test.ts counts 34 for the two
 *   chunks of a 3,542-record return, the consumer's own calls included).
 * - `SefazDistribution` (one SOAP answer of up to 50 docZip a chunk, `DOCUMENTS_PER_ANSWER`): each
 *   full NF-e's import job created (1, 2 when a retry finds it made), then one batch of a statement
 *   per document, the cursor and the progress (2). An answer of 50 full NF-e: 100 + 52 = 152 > 133,
 *   so each answer takes 2 chunks before its call (`ANSWER_CHUNKS`): at most 3 answers an
 *   invocation, 3 x 152 = 456, plus the job's reads (integration, company, documents stored before
 *   without an import job: 3) and the consumer's. Measured with answers of 40 summaries and 10 full
 *   NF-e (test/support/job-samples.ts).
 */

/** Chunks of work per invocation of the jobs consumer (all messages of the batch together). */
export const CHUNKS_PER_INVOCATION = 6;

/** D1 calls one chunk of a job may make: 800 / 6 = 133. */
export const D1_CALLS_PER_CHUNK = Math.floor(D1_CALLS_PER_INVOCATION / CHUNKS_PER_INVOCATION);
