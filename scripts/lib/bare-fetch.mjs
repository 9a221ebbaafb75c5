// What one outbound `fetch` costs the Workers runtime by itself: a Worker that does nothing but
// fetch a fixed JSON answer from a Node server on loopback, `concurrency` calls in flight, its
// answer read and parsed. No token, no retry, no log, no database: the least any adapter pays per
// call of its party, measured in the same run as the work it bounds (bench:hub sets it against the
// Mercado Livre pull, which needs two calls per order).
// Runs its own Miniflare (the same workerd as the bench Worker) and stops it before answering.
import { createServer } from "node:http";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { compatibilityDate } from "./wrangler-config.mjs";

const WORKER = `
export default {
  async fetch(request) {
    const query = new URL(request.url).searchParams;
    const target = query.get("target");
    const calls = Number(query.get("calls"));
    const concurrency = Number(query.get("concurrency"));
    let next = 0;
    const one = async () => {
      while (next < calls) {
        const id = ++next;
        const answer = await fetch(target + "/" + id, { headers: { Accept: "application/json" } });
        JSON.parse(await answer.text());
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: concurrency }, one));
    return Response.json({ ms: Date.now() - started });
  },
};`;

/** Calls timed (after a warm-up of a tenth as many). */
export const BARE_FETCH_CALLS = 4000;

/** Calls in flight at once: the Mercado Livre client's bound (MAX_IN_FLIGHT, mercado-livre/http.ts). */
export const BARE_FETCH_IN_FLIGHT = 6;

/**
 * Wall ms per call of `calls` bare fetches from a Worker to a loopback server answering `body`
 * (a JSON text the size of the party's answer), `concurrency` in flight.
 */
export async function bareFetchMsPerCall({
  calls = BARE_FETCH_CALLS,
  concurrency = BARE_FETCH_IN_FLIGHT,
  body,
}) {
  const server = createServer((_, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: WORKER,
      compatibilityDate: compatibilityDate(),
      compatibilityFlags: ["nodejs_compat"],
    }),
  );
  try {
    const url = await mf.ready;
    const target = `http://127.0.0.1:${server.address().port}/shipments`;
    const run = async (n) => {
      const answer = await mf.dispatchFetch(`${url}?target=${target}&calls=${n}&concurrency=${concurrency}`);
      return (await answer.json()).ms;
    };
    await run(Math.ceil(calls / 10));
    return (await run(calls)) / calls;
  } finally {
    await mf.dispose();
    await new Promise((resolve) => server.close(resolve));
  }
}
