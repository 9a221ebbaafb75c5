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
 * - `BankReturnCNAB` (`RETURN_RECORDS_PER_CHUNK` 2,000 records): 405 / 6 = 68 a chunk.
 * - `HubOrderPull` (one page of 100 channel orders stored, then their orders created as one set):
 *   the page's reads and batch (about 10), the set (about 30 as above, plus the payment type's
 *   rate reads), the hub items of the set (1), the links batch (2 statements): about 45 per page
 *   planned; measured, a page of the sample channel costs a batch of about 410 statements, taken as
 *   4 chunks (`chunksOfPage`). The first page of a delivery is forced beyond the message's fair
 *   share, and was forced for every message: 3 pulls in one delivery made 1,260 calls, 5 made
 *   2,125. A forced page now takes only what the invocation has left (`WorkBudget`), unless its
 *   message is the invocation's first: the same 3 pulls make at most 654 calls per delivery.
 */

/** Chunks of work per invocation of the jobs consumer (all messages of the batch together). */
export const CHUNKS_PER_INVOCATION = 6;

/** D1 calls one chunk of a job may make: 800 / 6 = 133. */
export const D1_CALLS_PER_CHUNK = Math.floor(D1_CALLS_PER_INVOCATION / CHUNKS_PER_INVOCATION);
