import { and, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyIntegrations, hubOrders, jobs, mlNotifications } from "../../../../drizzle/schema";
import { connectMlSeller, type MlSeller, mlOrder } from "../../../support/ml-double";
import { companyOneApi, demoDb } from "../../../support/registry-factories";
import { seedAccounts } from "../../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** A seller at the double and its integration connected by credentials. */
const connectedSeller = () => connectMlSeller(api);

/** The seller's notification as Mercado Livre sends it (built by the double), sent at a fixed time. */
const notify = async (seller: MlSeller, topic: string, resource: string) =>
  api.post("/hub/mercado-livre/notifications", {
    ...(await seller.double.notification({ topic, resource })),
    sent: "2026-01-05T13:00:00.000Z",
  });

/** The notified pulls (`pull:<integration>:notify:open`, `…:open:<job id>` once started) of the integration. */
const notifiedPulls = (integrationId: number) =>
  demoDb()
    .select()
    .from(jobs)
    .where(and(eq(jobs.route, "hub-pull"), like(jobs.fileHash, `pull:${integrationId}:notify:%`)));

const inboxOf = (integrationId: number) =>
  demoDb().select().from(mlNotifications).where(eq(mlNotifications.companyIntegrationId, integrationId));

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The key of the integration's notified pull while it waits (not started). */
const waitingKey = (integrationId: number) => `pull:${integrationId}:notify:open`;

/**
 * Waits for the start of a 10 s window of the clock: the notifications of a test then fall in one
 * window, as the pulls were once keyed (one per integration per 10 s), so a test that needs a
 * second pull in the same window fails on that keying.
 */
async function windowStart() {
  while (Date.now() % 10_000 > 300) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The hub order of a channel order, once pulled. */
const hubOrderOf = (integrationId: number, channelOrderId: number) =>
  demoDb()
    .select()
    .from(hubOrders)
    .where(
      and(
        eq(hubOrders.companyIntegrationId, integrationId),
        eq(hubOrders.channelOrderId, String(channelOrderId)),
      ),
    );

describe("Mercado Livre notifications: the inbox and the pull they ask for", () => {
  it("a burst: one row per resource, every repeat counted; one pull waits at a time, its message sent once", async () => {
    const seller = await connectedSeller();
    const orders = [1, 2, 3].map(() => mlOrder(seller.sellerId, { items: [{ sku: "NOTIF-1", price: 10 }] }));
    await seller.double.orders(orders);
    const answers = await Promise.all(
      [0, 1, 2, 3].flatMap(() => orders.map((order) => notify(seller, "orders_v2", `/orders/${order.id}`))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(answers.map((answer) => answer.body)).toEqual(Array(12).fill({ Result: "queued" }));
    const inbox = await inboxOf(seller.integrationId);
    expect(inbox.map((row) => row.resource).sort()).toEqual(
      orders.map((order) => `/orders/${order.id}`).sort(),
    );
    expect(inbox.map((row) => row.attempts)).toEqual([4, 4, 4]);
    expect(inbox.every((row) => row.topic === "orders_v2" && row.sentAt === "2026-01-05T13:00:00.000Z")).toBe(
      true,
    );
    const pulls = await notifiedPulls(seller.integrationId);
    // a pull that started during the burst gave up its key: the notifications after it queued one more
    expect(pulls.length).toBeGreaterThanOrEqual(1);
    expect(
      pulls.filter((row) => row.fileHash === waitingKey(seller.integrationId)).length,
    ).toBeLessThanOrEqual(1);
    expect(pulls.filter((row) => row.status === "Pending").length).toBeLessThanOrEqual(1);
    // the row of a pull job, as a manual or hourly pull of the integration has it
    expect(pulls[0]).toMatchObject({
      companyId: 1,
      route: "hub-pull",
      type: "HubOrderPull",
      params: JSON.stringify({ IDCompanyIntegration: seller.integrationId }),
      fileKey: "",
      fileName: "",
      contentType: "",
      sizeBytes: 0,
      fileHash: expect.stringMatching(new RegExp(`^pull:${seller.integrationId}:notify:open(:\\d+)?$`)),
      createdBy: null,
    });
    const done = await until(
      "notified pulls never ended",
      () => notifiedPulls(seller.integrationId),
      (rows) => rows.every((row) => row.status === "Done"),
    );
    // each started pull gave up the waiting key (`…:notify:open:<its id>`)
    expect(done.map((row) => row.fileHash)).toEqual(
      done.map((row) => `${waitingKey(seller.integrationId)}:${row.id}`),
    );
    // each pull's message went once on the queue: one delivery each
    expect(done.map((row) => row.attempts)).toEqual(done.map(() => 1));
    expect((await inboxOf(seller.integrationId)).map((row) => row.state)).toEqual([
      "fetched",
      "fetched",
      "fetched",
    ]);

    // a manual pull of the integration has the same row, but for its run and its creator
    const manual = await api.post(`/hub/integration/${seller.integrationId}/pull`, {});
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    const manualJob = () => demoDb().select().from(jobs).where(eq(jobs.id, manual.body.IDJob));
    const [manualRow] = await manualJob();
    const rowOf = (job: typeof jobs.$inferSelect) => {
      const { companyId, route, type, params, fileKey, fileName, contentType, sizeBytes } = job;
      return { companyId, route, type, params, fileKey, fileName, contentType, sizeBytes };
    };
    expect(rowOf(manualRow!)).toEqual(rowOf(pulls[0]!));
    expect(manualRow!.fileHash).toMatch(new RegExp(`^pull:${seller.integrationId}:manual:`));
    await until("the manual pull never ended", manualJob, (rows) => rows[0]?.status === "Done");
  });

  it("a pull job waiting Pending over a minute gets its message again; a younger one does not", async () => {
    const lost = await connectedSeller();
    const young = await connectedSeller();
    const order = mlOrder(lost.sellerId, { items: [{ sku: "NOTIF-2", price: 10 }] });
    await lost.double.orders([order]);
    await young.double.orders([mlOrder(young.sellerId, { items: [{ sku: "NOTIF-3", price: 10 }] })]);
    // the waiting pull already there, as left by a notification whose message was lost
    const waiting = (integrationId: number, createdAt: ReturnType<typeof sql>) => [
      {
        companyId: 1,
        route: "hub-pull",
        type: "HubOrderPull",
        params: JSON.stringify({ IDCompanyIntegration: integrationId }),
        fileKey: "",
        fileName: "",
        contentType: "",
        sizeBytes: 0,
        fileHash: waitingKey(integrationId),
        createdAt,
      },
    ];
    await demoDb()
      .insert(jobs)
      .values([
        ...waiting(lost.integrationId, sql`strftime('%Y-%m-%d %H:%M:%S', 'now', '-61 seconds')`),
        ...waiting(young.integrationId, sql`strftime('%Y-%m-%d %H:%M:%S', 'now', '-30 seconds')`),
      ]);
    const answers = await Promise.all([
      notify(lost, "orders_v2", `/orders/${order.id}`),
      notify(young, "orders_v2", "/orders/1"),
    ]);
    expect(answers.map((answer) => answer.body)).toEqual([{ Result: "queued" }, { Result: "queued" }]);
    await until(
      "the lost pull was never queued again",
      () => notifiedPulls(lost.integrationId),
      (rows) => rows.some((row) => row.status === "Done"),
    );
    expect((await inboxOf(lost.integrationId))[0]).toMatchObject({ state: "fetched" });
    // the younger job's message is taken as on its way: nothing sent, the job still waits
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const youngPulls = await notifiedPulls(young.integrationId);
    expect(youngPulls.map((row) => row.status)).toEqual(["Pending"]);
    expect((await inboxOf(young.integrationId))[0]).toMatchObject({ state: "pending" });
  });

  it("a notification after its integration's pull ended (the same 10 s) queues the next pull: the order is pulled", async () => {
    const seller = await connectedSeller();
    const first = mlOrder(seller.sellerId, { items: [{ sku: "NOTIF-4", price: 10 }] });
    const second = mlOrder(seller.sellerId, { items: [{ sku: "NOTIF-4", price: 10 }] });
    await seller.double.orders([first]);
    await windowStart();
    expect((await notify(seller, "orders_v2", `/orders/${first.id}`)).body).toEqual({ Result: "queued" });
    await until(
      "the first notified order never pulled",
      () => hubOrderOf(seller.integrationId, first.id),
      (rows) => rows.length === 1,
    );
    await until(
      "the first pull never ended",
      () => notifiedPulls(seller.integrationId),
      (rows) => rows.every((row) => row.status === "Done"),
    );
    // a new order, notified seconds later
    await seller.double.orders([second]);
    expect((await notify(seller, "orders_v2", `/orders/${second.id}`)).body).toEqual({ Result: "queued" });
    await until(
      "the order notified after the pull never pulled",
      () => hubOrderOf(seller.integrationId, second.id),
      (rows) => rows.length === 1,
    );
    const pulls = await until(
      "the second pull never ended",
      () => notifiedPulls(seller.integrationId),
      (rows) => rows.length === 2 && rows.every((row) => row.status === "Done"),
    );
    expect(pulls.map((row) => row.attempts)).toEqual([1, 1]);
    expect((await inboxOf(seller.integrationId)).map((row) => row.state)).toEqual(["fetched", "fetched"]);
  });

  it("a notification while the pull runs, after it read the inbox, queues the next pull: the order is pulled", async () => {
    const seller = await connectedSeller();
    const first = mlOrder(seller.sellerId, { items: [{ sku: "NOTIF-5", price: 10 }] });
    const second = mlOrder(seller.sellerId, { items: [{ sku: "NOTIF-5", price: 10 }] });
    await seller.double.orders([first]);
    // the pull's last step (the fees of its orders, after the inbox and the sweep) held 3 s
    await seller.double.faults([{ mode: "slow", ms: 3_000, path: "/billing/" }]);
    await windowStart();
    expect((await notify(seller, "orders_v2", `/orders/${first.id}`)).body).toEqual({ Result: "queued" });
    await until(
      "the pull never reached its fees",
      () => seller.double.requests(),
      (requests) => requests.some((request) => request.path.startsWith("/billing/")),
    );
    // the new order is at the channel only now: the running pull's sweep cannot see it
    await seller.double.orders([second]);
    expect((await notify(seller, "orders_v2", `/orders/${second.id}`)).body).toEqual({ Result: "queued" });
    await until(
      "the order notified during the pull never pulled",
      () => hubOrderOf(seller.integrationId, second.id),
      (rows) => rows.length === 1,
    );
    await until(
      "the notified pulls never ended",
      () => notifiedPulls(seller.integrationId),
      (rows) => rows.length === 2 && rows.every((row) => row.status === "Done"),
    );
    expect((await inboxOf(seller.integrationId)).map((row) => row.state)).toEqual(["fetched", "fetched"]);
  });

  it("a waiting pull that ended without starting (dead-lettered) gives up its key: the next notification queues a pull", async () => {
    const seller = await connectedSeller();
    const order = mlOrder(seller.sellerId, { items: [{ sku: "NOTIF-6", price: 10 }] });
    await seller.double.orders([order]);
    await demoDb()
      .insert(jobs)
      .values({
        companyId: 1,
        route: "hub-pull",
        type: "HubOrderPull",
        params: JSON.stringify({ IDCompanyIntegration: seller.integrationId }),
        fileKey: "",
        fileName: "",
        contentType: "",
        sizeBytes: 0,
        fileHash: waitingKey(seller.integrationId),
        status: "Failed",
      });
    expect((await notify(seller, "orders_v2", `/orders/${order.id}`)).body).toEqual({ Result: "queued" });
    await until(
      "the notified order never pulled",
      () => hubOrderOf(seller.integrationId, order.id),
      (rows) => rows.length === 1,
    );
    const pulls = await until(
      "the notified pull never ended",
      () => notifiedPulls(seller.integrationId),
      (rows) => rows.length === 2 && rows.every((row) => row.status === "Done" || row.status === "Failed"),
    );
    expect(pulls.map((row) => row.status).sort()).toEqual(["Done", "Failed"]);
    expect(pulls.every((row) => row.fileHash === `${waitingKey(seller.integrationId)}:${row.id}`)).toBe(true);
  });

  it("items are stored without a pull; a deactivated integration's notifications are ignored, nothing written", async () => {
    const seller = await connectedSeller();
    const item = await notify(seller, "items", "/items/MLB123");
    expect(item.status).toBe(200);
    expect(item.body).toEqual({ Result: "stored" });
    const again = await notify(seller, "items", "/items/MLB123");
    expect(again.body).toEqual({ Result: "stored" });
    expect(await inboxOf(seller.integrationId)).toEqual([
      expect.objectContaining({ topic: "items", resource: "/items/MLB123", state: "ignored", attempts: 2 }),
    ]);
    expect(await notifiedPulls(seller.integrationId)).toEqual([]);

    const off = await connectedSeller();
    await demoDb()
      .update(companyIntegrations)
      .set({ status: 0 })
      .where(eq(companyIntegrations.id, off.integrationId));
    const ignored = await notify(off, "orders_v2", "/orders/1");
    expect(ignored.status).toBe(200);
    expect(ignored.body).toEqual({ Result: "ignored" });
    expect(await inboxOf(off.integrationId)).toEqual([]);
    expect(await notifiedPulls(off.integrationId)).toEqual([]);
  });
});
