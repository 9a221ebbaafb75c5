import { D1_CALLS_PER_INVOCATION } from "../../platform/d1-budget";

/*
 * How the jobs consumer spends `D1_CALLS_PER_INVOCATION` (800 of D1's 1,000; the tests count the
 * calls, test/support/d1-counter.ts, and fail above 1,000). An invocation runs at most
 * `CHUNKS_PER_INVOCATION` chunks (all messages of its batch together), so one chunk of any job may
 * make 800 / 6 = 133 calls, the consumer's own calls per message (find, start, finish: about 5)
 * included. Each job sizes its chunk from that:
 * - `OrdersTemplate` (250 orders, `createOrders`): SKUs by code and by id, CSTs, tax profiles,
 *   references (4), company, import keys, stock (2), one batch of about 10 multi-row statements
 *   (JSON lists cut at 90 KB), the ids read back, the errors + progress batch (2): about 30 calls
 *   per chunk for two-line orders with one SKU group of 90 codes, 6 chunks = about 180 per invocation.
 * - `HubOrderPull` (one page of 500 channel orders stored as one set, then their orders created as
 *   one set): the page's reads (2) and batch (about 11 statements: consumers, hub orders in 90 KB
 *   parts, items, claims, cursor, progress), the set's hub orders and items (2), `createOrders`
 *   (about 25 as above, plus the payment type's rate reads) and again for the orders that could not
 *   reserve (about 25), the links batch (2-3): about 70 per page, declared 11 + 80 = 91, one chunk.
 *   Measured (bench:hub): 4 pages of 500 and 6 of settlements in one invocation, 306 calls.
 * - `BankReturnCNAB` (3,500 records per chunk, `RETURN_RECORDS_PER_CHUNK`): the titles and the
 *   occurrences recorded for the chunk's keys (3 queries per 90 KB of keys: 3 to 6), one batch of
 *   JSON lists cut at 90 KB (3,500 liquidations: history 4, entries 11, settlements 1, title.paid 1,
 *   notes 0, progress 1): about 25 per chunk; at most about 110 when every record carries the longest
 *   texts (255-character descriptions in four entries, a note each). A 10,000-title return: 3 chunks,
 *   one delivery, about 70 calls (test/routes/bank-returns/chunks.test.ts counts 34 for the two
 *   chunks of a 3,542-record return, the consumer's own calls included).
 */

/** Chunks of work per invocation of the jobs consumer (all messages of the batch together). */
export const CHUNKS_PER_INVOCATION = 6;

/** D1 calls one chunk of a job may make: 800 / 6 = 133. */
export const D1_CALLS_PER_CHUNK = Math.floor(D1_CALLS_PER_INVOCATION / CHUNKS_PER_INVOCATION);
