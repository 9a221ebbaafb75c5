// The demo's Mercado Livre chapter (scripts/demo.mjs calls it after the sandbox marketplace and the
// collection chapters): Mercado Livre's API played by the project's local double
// (test/support/ml-double-server.mjs, started here on loopback, as the tests start it), a seller
// connected by credentials (the app's id and secret and the seller's refresh token), its orders
// pulled into orders, one cancelled at the channel and notified: the notification is answered at
// once and the pull it queues moves the order to Cancelled.
import { fork } from "node:child_process";
import { localFetch } from "./local-fetch.mjs";

const ML_ORDERS = 6;
const CANCELLED = 10;

/** Starts the double; answers its address and a control helper for one seller. */
async function startDouble(seller) {
  const child = fork(new URL("../../test/support/ml-double-server.mjs", import.meta.url), {
    stdio: "inherit",
  });
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("error", reject);
  });
  process.on("exit", () => child.kill());
  const base = `http://127.0.0.1:${port}`;
  const control = async (path, body) => {
    const answer = await fetch(`${base}/_control/${seller}${path}`, {
      method: path === "" ? "PUT" : "POST",
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`Mercado Livre double ${path || "seller"}: ${answer.status}`);
    return answer.json();
  };
  return { base, baseUrl: `${base}/ml/${seller}`, child, control };
}

/**
 * The chapter. `demo` is the demo's own toolkit: stepOf, call, check, ok, watchJob, run (the run
 * number), api (the API's `/1.0` address), warehouseId and taxProfile (made by earlier chapters).
 */
export async function mercadoLivreChapter(demo) {
  const { stepOf, call, check, ok, watchJob, run } = demo;
  const settings = {
    clientId: String(7_000_000_000 + Number(run)),
    clientSecret: "segredo-do-app",
    sellerId: 900_000_000 + Number(run),
    refreshToken: `TG-demo-${run}`,
  };

  const ml = await stepOf(
    "Mercado Livre: the API on this machine (the project's double), a seller connected by credentials",
    async () => {
      const double = await startDouble(`demo-${run}`);
      await double.control("", settings);
      const [sku] = await call("POST", "/sku", {
        Code: `MLB-${run}-CANECA`,
        Name: "Caneca de porcelana",
        Unit: "UN",
        TaxProfile: demo.taxProfile,
        Cost: 12,
        Price: 39.9,
      });
      await call("POST", "/sku/movement/adjustment", {
        IDSku: sku.IDSku,
        IDWarehouse: demo.warehouseId,
        IDTypeMovement: 0,
        Quantity: 50,
        UnitCost: 12,
        Reason: "Estoque do Mercado Livre",
      });
      const seeded = await double.control("/bench-seed", {
        orders: ML_ORDERS,
        skuCodes: [sku.Code],
        firstId: 2_000_050_000_000_000 + Number(run) * 100,
      });
      ok(
        `double at ${double.base}: seller ${settings.sellerId} with ${ML_ORDERS} paid orders of ${sku.Code}`,
      );
      const [integration] = await call("POST", "/hub/integration", {
        Description: `Mercado Livre ${run}`,
        IDTypeCompanyIntegration: 3,
        BaseUrl: double.baseUrl,
        Credentials: {
          ClientId: settings.clientId,
          ClientSecret: settings.clientSecret,
          RefreshToken: settings.refreshToken,
        },
        IDWarehouseHub: demo.warehouseId,
      });
      check(
        integration.AuthenticationStatus === "Authenticated",
        `integration ${JSON.stringify(integration)}`,
      );
      check(
        !JSON.stringify(integration).includes(settings.refreshToken),
        "the refresh token came back in the answer",
      );
      const seller = await call(
        "POST",
        `/hub/integration/${integration.IDCompanyIntegration}/mercado-livre/check`,
      );
      check(seller.SellerId === String(settings.sellerId), `seller ${JSON.stringify(seller)}`);
      ok(
        `integration ${integration.IDCompanyIntegration} "${integration.TypeCompanyIntegration}": ${integration.AuthenticationStatus} as ${seller.Nickname} (tokens refreshed and stored encrypted)`,
      );
      return { double, integration, firstOrderId: seeded.first };
    },
  );

  const hub = await stepOf(
    "Mercado Livre: pull the seller's orders (/orders/search, billing info, shipments, packs): they become orders",
    async () => {
      const id = ml.integration.IDCompanyIntegration;
      const { IDJob } = await call("POST", `/hub/integration/${id}/pull`, {});
      await watchJob(IDJob, "HubOrderPull", { pulled: ML_ORDERS, created: ML_ORDERS, unmapped: 0 });
      const orders = await call("GET", `/orders/hub?IDCompanyIntegration=${id}`);
      check(orders.length === ML_ORDERS, `${orders.length} hub orders, expected ${ML_ORDERS}`);
      check(
        orders.every((o) => o.OrderCreated === 1),
        `orders not created: ${JSON.stringify(orders.filter((o) => o.OrderCreated !== 1))}`,
      );
      for (const o of orders.slice(0, 3))
        ok(
          `${o.Order} ${o.ChannelStatus.padEnd(8)} ${o.ConsumerNameCorporateName.padEnd(18)} ${Number(o.TotalValue).toFixed(2)} -> order ${o.IDOrder}`,
        );
      ok(`... ${orders.length} orders in all`);
      return orders;
    },
  );

  await stepOf(
    "Mercado Livre: an order cancelled at the channel is notified; the answer is immediate and the order becomes Cancelled",
    async () => {
      const target = hub.find((o) => o.Order === String(ml.firstOrderId));
      check(target, `the channel's order ${ml.firstOrderId} is missing`);
      await ml.double.control("/bench-status", { ids: [ml.firstOrderId], status: "cancelled" });
      const notification = {
        _id: `demo-${run}`,
        resource: `/orders/${ml.firstOrderId}`,
        user_id: settings.sellerId,
        topic: "orders_v2",
        application_id: Number(settings.clientId),
        attempts: 1,
        sent: new Date().toISOString(),
        received: new Date().toISOString(),
      };
      const started = performance.now();
      const answer = await localFetch(`${demo.api}/hub/mercado-livre/notifications`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(notification),
      });
      const ms = performance.now() - started;
      const body = await answer.json();
      check(
        answer.status === 200 && body.Result === "queued",
        `notification: ${answer.status} ${JSON.stringify(body)}`,
      );
      ok(
        `notification orders_v2 ${notification.resource}: 200 ${JSON.stringify(body)} in ${ms.toFixed(0)} ms`,
      );
      const deadline = Date.now() + 60_000;
      let order;
      do {
        order = await call("GET", `/orders/${target.IDOrder}`);
        if (order.IDStatusOrder === CANCELLED) break;
        await new Promise((resolve) => setTimeout(resolve, 300));
      } while (Date.now() < deadline);
      check(order.IDStatusOrder === CANCELLED, `order ${target.IDOrder} is in status ${order.IDStatusOrder}`);
      ok(`order ${order.IDOrder} "${order.StatusOrder}" (status ${CANCELLED}): its reservation released`);
      ml.double.child.kill();
    },
  );
}
