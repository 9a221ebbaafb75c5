// Purchase receiving benchmark: POST /purchase/{id}/check of a 500-item purchase (500 inbound
// movements at the purchase's costs, receipt lines, item counts, status, three payable titles, one
// batch) against the same 500 inbound movements posted by the stock ledger directly, in the same
// run: the ledger's own bulk posting, an inventory apply counting the same SKUs and quantities in an
// empty warehouse (no purchase bookkeeping, no titles). Rounds alternate the two, each on fresh
// documents; the p50 of the check and the ratio of the medians are reported.
// Target: the check within 2.5x of the ledger posting the same movements (exit code 1 past it).
// Runs the bundled Worker in-process with Miniflare and a local D1 in a temporary folder; no network.
//   npm run bench:purchase [-- --items 500 --rounds 7]
import { parseArgs } from "node:util";
import { checkRatio, checkWorkerD1Calls, median, percentile } from "./lib/bench-report.mjs";
import { benchApi, bundleWorker, seedCompany, startBenchWorker } from "./lib/bench-worker.mjs";

const { values: options } = parseArgs({
  options: {
    items: { type: "string", default: "500" },
    rounds: { type: "string", default: "7" },
  },
});
const ITEMS = Number(options.items);
const ROUNDS = Number(options.rounds);
const WARM_UP = 2;
const MAX_RATIO = 2.5;

const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(1)}s`;

async function main() {
  const started = performance.now();
  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const worker = await startBenchWorker(bundleWorker({ entry: "scripts/bench/worker-entry.ts" }));
  try {
    const { mf, db } = worker;
    const api = benchApi(mf);
    const { email, password } = await seedCompany(db, 1);
    await api.signIn(email, password);

    await db
      .prepare(
        `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?1)
         INSERT INTO products (company_id, code, name) SELECT 1, 'PUR-' || i, 'Item ' || i FROM seq`,
      )
      .bind(ITEMS)
      .run();
    const { results } = await db.prepare("SELECT id FROM products WHERE code LIKE 'PUR-%' ORDER BY id").all();
    const skuIds = results.map((r) => r.id);
    const [supplier] = await api.call("POST", "/supplier", { Name: "Distribuidora Bench" });
    const [paymentType] = await api.call("POST", "/type/order/payment", { Description: "Boleto" });
    await api.call("PUT", `/type/order/payment/${paymentType.IDTypePayment}/rate`, [
      { Installments: 3, FirstDueDays: 28, IntervalDays: 28, NfTPag: "15" },
    ]);
    const quantity = (k) => 1 + (k % 12);
    const cost = (k) => Math.round((1 + ((k * 37) % 5000) / 100) * 100) / 100;

    const checks = [];
    const ledger = [];
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      const [purchaseWarehouse] = await api.call("POST", "/warehouse", { Name: `Compra ${round}` });
      const purchase = await api.call("POST", "/purchase", {
        IDSupplier: supplier.IDSupplier,
        IDWarehouse: purchaseWarehouse.IDWarehouse,
        IDStatusPurchase: 2,
        IDTypePayment: paymentType.IDTypePayment,
        Installments: 3,
        Items: skuIds.map((IDSku, k) => ({ IDSku, Quantity: quantity(k), UnitCost: cost(k) })),
      });
      const counted = {
        Items: purchase.Items.map((item) => ({
          IDStockKeepingUnitPurchase: item.IDStockKeepingUnitPurchase,
          Quantity: item.Quantity,
        })),
      };
      const [countWarehouse] = await api.call("POST", "/warehouse", { Name: `Contagem ${round}` });
      const inventory = await api.call("POST", "/sku/inventory", { IDWarehouse: countWarehouse.IDWarehouse });
      const inventoryId = inventory.IDStockKeepingUnitInventorySummary;
      await api.call("POST", `/sku/inventory/${inventoryId}/items`, {
        Items: skuIds.map((IDSku, k) => ({ IDSku, Quantity: quantity(k) })),
      });

      const timed = async (run) => {
        const from = performance.now();
        const answer = await run();
        return [performance.now() - from, answer];
      };
      const runCheck = () => timed(() => api.call("POST", `/purchase/${purchase.IDPurchase}/check`, counted));
      const runLedger = () => timed(() => api.call("POST", `/sku/inventory/${inventoryId}/apply`));
      // alternate which goes first, so load from other processes hits both alike
      let check, checked, post, applied;
      if (round % 2 === 0) {
        [check, checked] = await runCheck();
        [post, applied] = await runLedger();
      } else {
        [post, applied] = await runLedger();
        [check, checked] = await runCheck();
      }
      if (checked.IDStatusPurchase !== 9 || checked.Payables.length !== 3)
        throw new Error(
          `check answered status ${checked.IDStatusPurchase} with ${checked.Payables.length} payables`,
        );
      if (applied.Movements !== ITEMS) throw new Error(`apply posted ${applied.Movements} movements`);
      if (round < WARM_UP) continue;
      checks.push(check);
      ledger.push(post);
      console.log(
        `Round ${round - WARM_UP + 1}: check of ${ITEMS} items ${check.toFixed(0)} ms, ledger posting of the same ${ITEMS} movements ${post.toFixed(0)} ms, ratio ${(check / post).toFixed(2)}x`,
      );
    }
    const movements = await db
      .prepare("SELECT count(*) AS n FROM stock_movements WHERE origin = 'purchase'")
      .first();
    if (movements.n !== ITEMS * (WARM_UP + ROUNDS))
      throw new Error(`${movements.n} purchase movements posted`);
    console.log(
      `POST /purchase/{id}/check, ${ITEMS} items: p50 ${percentile(checks, 50).toFixed(0)} ms, p95 ${percentile(checks, 95).toFixed(0)} ms`,
    );
    console.log(`Stock ledger, the same ${ITEMS} movements: p50 ${percentile(ledger, 50).toFixed(0)} ms`);
    checkRatio(
      `Check of a ${ITEMS}-item purchase against the ledger posting its movements (median of ${ROUNDS})`,
      median(checks),
      median(ledger),
      MAX_RATIO,
    );
    console.log(`Total time ${seconds(started)}`);
    await checkWorkerD1Calls(worker.mf);
  } finally {
    await worker.dispose();
  }
}

await main();
