// DANFE benchmark (issue 41, "Numbers"): the DANFE of a 100-item NF-e rendered inside workerd,
// beside its bound measured in the same run and the same workerd: the same texts (same strings,
// fonts, sizes, places and page count, taken from the DANFE's own layout) drawn with the PDF
// library alone, with no XML reading, layout, boxes nor barcode. Both are timed from Node around
// one request each (performance.now() does not advance inside a Worker while it computes), in
// turns, and judged by their medians: target within 3x the bound.
//
// The note is test/fixtures/nfe/danfe-samples.ts's `danfeBenchSample` (100 items, IBS/CBS, a
// carrier, four instalments, homologation), valid against procNFe_v4.00.xsd.
//
//   npm run bench:danfe [-- --items 100 --rounds 20]
// `benchDanfe()` is exported for bench:nfe-emit, which prints the same figures in its run.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { PDFDocument } from "pdf-lib";
import { checkBound, interleaved, median, verdict } from "./bench-report.mjs";
import { compatibilityDate } from "./wrangler-config.mjs";

const root = new URL("../..", import.meta.url).pathname;
/** Issue 41: a DANFE of a 100-item NF-e within 3x drawing the same text with the PDF library alone. */
const TARGET = 3;

/** The Worker of the benchmark: the DANFE code bundled as the product Worker bundles it (esbuild, workerd conditions). */
const ENTRY = `
import { danfeDrawing, drawDanfeTextsAlone, renderDanfe } from "./src/domain/emission/danfe/render";
let drawing = null;
export default {
  async fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/prepare") {
      drawing = await danfeDrawing(await request.text());
      const texts = drawing.pages.reduce((n, page) => n + page.texts.length, 0);
      return Response.json({ pages: drawing.pages.length, texts });
    }
    if (path === "/render") return new Response(await renderDanfe(await request.text()));
    if (path === "/bound") return new Response(await drawDanfeTextsAlone(drawing));
    return new Response("not found", { status: 404 });
  },
};
`;

async function bundle(options) {
  const result = await build({ bundle: true, format: "esm", logLevel: "error", write: false, ...options });
  return result.outputFiles[0].text;
}

/** The benchmark's nfeProc, written by the tests' sample generator. */
async function sampleXml(items) {
  const dir = mkdtempSync(join(tmpdir(), "bench-danfe-"));
  const outfile = join(dir, "samples.mjs");
  writeFileSync(
    outfile,
    await bundle({ entryPoints: [join(root, "test/fixtures/nfe/danfe-samples.ts")], platform: "node" }),
  );
  const { danfeBenchSample, danfeSampleXml } = await import(outfile);
  rmSync(dir, { recursive: true, force: true });
  return danfeSampleXml(danfeBenchSample(items));
}

/**
 * Renders the DANFE of an `items`-item note inside workerd `rounds` times (after `warmUp`), and its
 * bound as many times, interleaved; prints both medians and the verdict (checkBound). Answers
 * `{ renderMs, boundMs, ratio, met, pages }`.
 */
export async function benchDanfe({ items = 100, rounds = 20, warmUp = 5 } = {}) {
  const xml = await sampleXml(items);
  const script = await bundle({
    stdin: { contents: ENTRY, resolveDir: root, loader: "ts", sourcefile: "danfe-bench-entry.ts" },
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
  });
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script,
      compatibilityDate: compatibilityDate(),
      compatibilityFlags: ["nodejs_compat"],
    }),
  );
  try {
    const call = async (path, body) => {
      const answer = await mf.dispatchFetch(`http://bench.localhost${path}`, {
        method: "POST",
        ...(body === undefined ? {} : { body }),
      });
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
      return new Uint8Array(await answer.arrayBuffer());
    };
    const planned = JSON.parse(new TextDecoder().decode(await call("/prepare", xml)));
    // the two PDFs hold the same pages and the same texts
    const danfe = await PDFDocument.load(await call("/render", xml));
    const bound = await PDFDocument.load(await call("/bound"));
    const same = danfe.getPageCount() === planned.pages && bound.getPageCount() === planned.pages;
    verdict(same, `DANFE and its bound: ${planned.pages} pages each, ${planned.texts} texts`);
    const timings = await interleaved(
      { render: () => call("/render", xml), bound: () => call("/bound") },
      { rounds, warmUp },
    );
    const renderMs = median(timings.render);
    const boundMs = median(timings.bound);
    console.log(
      `     DANFE of a ${items}-item NF-e inside workerd: median ${renderMs.toFixed(2)} ms; the same ${planned.texts} texts drawn alone: median ${boundMs.toFixed(2)} ms (${rounds} rounds each)`,
    );
    const met = checkBound(
      `DANFE of a ${items}-item NF-e rendered inside workerd`,
      renderMs,
      boundMs,
      TARGET,
      {
        of: "text-drawing",
        size: `${items} items, ${planned.pages} pages`,
      },
    );
    return { renderMs, boundMs, ratio: renderMs / boundMs, met, pages: planned.pages };
  } finally {
    await mf.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { items: { type: "string", default: "100" }, rounds: { type: "string", default: "20" } },
  });
  await benchDanfe({ items: Number(values.items), rounds: Number(values.rounds) });
}
