/**
 * D1 calls one Worker invocation may make: the one figure a consumer sizes its work per delivery from.
 *
 * D1 allows 1,000 queries per Worker invocation on Workers Paid (50 on Free), and every statement of
 * a `db.batch` is one of them ("Queries per Worker invocation",
 * https://developers.cloudflare.com/d1/platform/limits/); Miniflare does not enforce it, the tests
 * count it (test/support/d1-counter.ts). 800 = 1,000 - 200: the work a consumer plans from its
 * declared costs stays 20% under the limit, room for what a plan does not see (a statement added to
 * a step without its declared cost, the re-reads of a retried message).
 */
export const D1_CALLS_PER_INVOCATION = 800;
