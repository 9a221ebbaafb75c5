import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { events, webhookDeliveries } from "../../../drizzle/schema";
import { client, signIn } from "../../support/api";
import { eventsOfType } from "../../support/event-factories";
import { seedAccounts } from "../../support/seed";
import { createBankAccount, demoDb } from "../../support/statement-factories";
import { eventually, receiver } from "../../support/webhook-receiver";

let api: ReturnType<typeof client>;
let origin: number;
let destination: number;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  origin = await createBankAccount({ bank: "Banco do Brasil", accountNumber: "12345-6" });
  destination = await createBankAccount({ bank: "Itaú", accountNumber: "9876-5" });
});

type Delivery = {
  IDWebhookDelivery: number;
  IDEvent: string;
  Status: string;
  Attempts: number;
  LastResponseCode: number | null;
  AttemptLog: {
    Number: number;
    Status: string;
    ResponseCode: number | null;
    Error: string | null;
    DurationMs: number;
    NextAttemptAt: string | null;
  }[];
};

async function webhookTo(url: string, events = ["transfer.created"]) {
  const created = await api.post("/webhook", { Url: url, Events: events, Description: "teste" });
  expect(created.status).toBe(200);
  return created.body[0] as { IDWebhook: number; Secret: string };
}

const transfer = (value = 10) =>
  api.post("/accounts/bank-statement/transfer", { IDBankFrom: origin, IDBankTo: destination, Value: value });

const deliveriesOf = async (webhookId: number): Promise<Delivery[]> =>
  (await api.get(`/webhook-delivery?IDWebhook=${webhookId}`)).body;

/** The only delivery of a webhook once it reached one of `statuses`. */
const settled = (webhookId: number, statuses = ["Delivered", "Failed", "Cancelled"]) =>
  eventually(async () => {
    const [delivery] = await deliveriesOf(webhookId);
    return delivery && statuses.includes(delivery.Status) ? delivery : undefined;
  });

describe("webhook endpoints", () => {
  it("shows the secret once, a hint afterwards, and keeps each company's endpoints apart", async () => {
    const hook = receiver("crud");
    const created = await api.post("/webhook", { Url: hook.url, Events: ["title.paid", "title.paid"] });
    expect(created.status).toBe(200);
    const [row] = created.body;
    expect(row!.Secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(row).toMatchObject({
      Url: hook.url,
      Events: ["title.paid"],
      Active: 1,
      MaxPerSecond: 50,
      DisabledReason: null,
    });
    const listed = await api.get("/webhook");
    const again = listed.body.find((w: { IDWebhook: number }) => w.IDWebhook === row!.IDWebhook)!;
    expect((again as { Secret?: string }).Secret).toBeUndefined();
    expect(again.SecretHint).toBe(`whsec_…${row!.Secret.slice(-4)}`);

    const other = client("demo", await signIn("demo", "filial@demo.local"));
    expect((await other.get(`/webhook/${row!.IDWebhook}`)).body).toEqual([]);
    expect((await other.put(`/webhook/${row!.IDWebhook}`, { Active: 0 })).body).toMatchObject({
      errorMessage: "Webhook não existe",
    });
    expect((await other.delete(`/webhook/${row!.IDWebhook}`)).body).toMatchObject({
      errorMessage: "Webhook não existe",
    });

    const changed = await api.put(`/webhook/${row!.IDWebhook}`, { Active: 0, Description: "pausado" });
    expect(changed.body[0]).toMatchObject({ Active: 0, Description: "pausado", Url: hook.url });
    expect((await api.delete(`/webhook/${row!.IDWebhook}`)).body).toBe("sucesso");
    expect((await api.get(`/webhook/${row!.IDWebhook}`)).body).toEqual([]);
  });

  it("refuses bad URLs and unknown event types with their messages", async () => {
    const cases: [unknown, string][] = [
      [{ Events: ["title.paid"] }, "URL do webhook inválida"],
      [{ Url: "não é url", Events: ["title.paid"] }, "URL do webhook inválida"],
      [{ Url: "ftp://example.com/x", Events: ["title.paid"] }, "URL do webhook deve usar https"],
      [
        { Url: "http://10.0.0.5/hook", Events: ["title.paid"] },
        "URL do webhook aponta para um endereço privado ou local",
      ],
      [
        { Url: "https://169.254.169.254/latest", Events: ["title.paid"] },
        "URL do webhook aponta para um endereço privado ou local",
      ],
      [
        { Url: "https://[fd00::1]/x", Events: ["title.paid"] },
        "URL do webhook aponta para um endereço privado ou local",
      ],
      [{ Url: "https://erp.example.com/x" }, "Informe ao menos um tipo de evento"],
      [
        { Url: "https://erp.example.com/x", Events: ["title.paid", "pedido.pago"] },
        "Tipo de evento não existe: pedido.pago",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await api.post("/webhook", body);
      expect({ body, answer: response.body }).toEqual({
        body,
        answer: expect.objectContaining({ errorMessage: message }),
      });
      expect(response.status).toBe(400);
    }
  });

  it("judges IPv6 literals that embed an IPv4 address as that address (development allows loopback)", async () => {
    const before = (await api.get("/webhook")).body.length;
    for (const url of [
      "https://[::a9fe:a9fe]/latest",
      "https://[::ffff:169.254.169.254]/latest",
      "https://[::ffff:0:a9fe:a9fe]/latest",
      "https://[64:ff9b::10.0.0.1]/x",
      "https://[2002:a9fe:a9fe::1]/x",
      "https://[2002:c0a8:1::]/x",
      "https://[100::a9fe:a9fe]/x",
    ]) {
      const response = await api.post("/webhook", { Url: url, Events: ["title.paid"] });
      expect({ url, status: response.status, body: response.body }).toEqual({
        url,
        status: 400,
        body: expect.objectContaining({
          errorMessage: "URL do webhook aponta para um endereço privado ou local",
        }),
      });
    }
    expect((await api.get("/webhook")).body).toHaveLength(before);
    // Like http://127.0.0.1 in development: the embedded loopback is the local receiver.
    for (const url of ["http://[::127.0.0.1]:9999/hook", "http://[::ffff:127.0.0.1]:9999/hook"]) {
      const response = await api.post("/webhook", { Url: url, Events: ["title.paid"] });
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      expect((await api.delete(`/webhook/${response.body[0]!.IDWebhook}`)).body).toBe("sucesso");
    }
  });

  it("lists the event catalog", async () => {
    const types = await api.get("/webhook-event-type");
    expect(types.body.map((t: { Type: string }) => t.Type)).toEqual([
      "bank_file.imported",
      "bank_line.reconciled",
      "bank_line.unreconciled",
      "title.paid",
      "transfer.created",
      "transfer.deleted",
      "order.status_changed",
      "tracking.status_changed",
      "tracking.message",
      "purchase.received",
      "nfe.authorized",
      "nfe.rejected",
      "nfe.cancelled",
      "nfe.corrected",
      "nfe.contingency",
    ]);
  });
});

describe("webhook deliveries to a real receiver", () => {
  it("delivers the event signed with the endpoint's secret, its id as X-Event-Id, and logs the attempt", async () => {
    const hook = receiver("happy");
    const webhook = await webhookTo(hook.url);
    await hook.configure({ secrets: [webhook.Secret, "whsec_outro"] });
    expect((await transfer(42.5)).status).toBe(200);
    const delivery = await settled(webhook.IDWebhook);
    const [event] = await eventsOfType("transfer.created");
    const received = await hook.received();
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got!.verifiedWith).toEqual([webhook.Secret]);
    expect(got!.headers["x-event-id"]).toBe(event!.uid);
    expect(got!.headers["x-event-type"]).toBe("transfer.created");
    expect(got!.headers["x-signature"]).toMatch(
      new RegExp(`^t=${got!.headers["x-timestamp"]},v1=[0-9a-f]{64}$`),
    );
    expect(JSON.parse(got!.body)).toEqual({
      IDEvent: event!.uid,
      Type: "transfer.created",
      IDCompany: 1,
      CreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      Data: event!.payload,
    });
    expect(delivery).toMatchObject({
      IDEvent: event!.uid,
      Status: "Delivered",
      Attempts: 1,
      LastResponseCode: 200,
    });
    expect(delivery.AttemptLog).toEqual([
      expect.objectContaining({
        Number: 1,
        Status: "Delivered",
        ResponseCode: 200,
        Error: null,
        NextAttemptAt: null,
      }),
    ]);
  });

  it("retries a 500, a closed connection and a timeout, then reaches the dead end; redelivery sends the same event again", async () => {
    const hook = receiver("dead-end");
    const webhook = await webhookTo(hook.url);
    await hook.configure({ secrets: [webhook.Secret], script: [500, "close", "timeout"], otherwise: 200 });
    await transfer();
    const dead = await settled(webhook.IDWebhook);
    expect(dead.Status).toBe("Failed");
    expect(dead.AttemptLog.map((a) => [a.Number, a.Status, a.ResponseCode])).toEqual([
      [1, "Retry", 500],
      [2, "Retry", null],
      [3, "Failed", null],
    ]);
    expect(dead.AttemptLog[1]!.Error).toMatch(/^conexão: /);
    expect(dead.AttemptLog[2]!.Error).toBe("timeout após 3000 ms");
    expect(dead.AttemptLog[0]!.NextAttemptAt).not.toBeNull();
    expect(dead.AttemptLog[2]!.DurationMs).toBeGreaterThanOrEqual(2900);

    const again = await api.post(`/webhook-delivery/${dead.IDWebhookDelivery}/redeliver`);
    expect(again.status).toBe(200);
    const redelivered = await settled(webhook.IDWebhook, ["Delivered"]);
    expect(redelivered.AttemptLog.map((a) => [a.Number, a.Status, a.ResponseCode])).toEqual([
      [1, "Retry", 500],
      [2, "Retry", null],
      [3, "Failed", null],
      [4, "Delivered", 200],
    ]);
    const received = await hook.received();
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.headers["x-event-id"])).size).toBe(1);
    expect(received.every((r) => r.verifiedWith.length === 1)).toBe(true);

    const busy = await api.post("/webhook-delivery/999999/redeliver");
    expect(busy.body).toMatchObject({ errorMessage: "Entrega não existe" });
  });

  it("a 500 then a 2xx ends delivered on the second attempt, and nothing more is sent", async () => {
    const hook = receiver("retry-once");
    const webhook = await webhookTo(hook.url);
    await hook.configure({ secrets: [webhook.Secret], script: [500] });
    await transfer();
    const delivered = await settled(webhook.IDWebhook);
    expect(delivered.AttemptLog.map((a) => [a.Status, a.ResponseCode])).toEqual([
      ["Retry", 500],
      ["Delivered", 200],
    ]);
    expect(await hook.received()).toHaveLength(2);
  });

  it("a 410 turns the endpoint off: no more deliveries until it is turned on again", async () => {
    const hook = receiver("gone");
    const webhook = await webhookTo(hook.url);
    await hook.configure({ secrets: [webhook.Secret], script: [410] });
    await transfer();
    const gone = await settled(webhook.IDWebhook);
    expect(gone.Status).toBe("Failed");
    expect(gone.AttemptLog.map((a) => [a.Status, a.ResponseCode])).toEqual([["Disabled", 410]]);
    const [endpoint] = (await api.get(`/webhook/${webhook.IDWebhook}`)).body;
    expect(endpoint).toMatchObject({
      Active: 0,
      DisabledReason: "Desativado: o receptor respondeu 410 (Gone)",
    });

    await transfer();
    // the next event is dispatched (another endpoint proves the fan-out ran) without a delivery here
    const witness = receiver("gone-witness");
    const other = await webhookTo(witness.url);
    await transfer();
    await settled(other.IDWebhook);
    expect(await deliveriesOf(webhook.IDWebhook)).toHaveLength(1);
    expect(await hook.received()).toHaveLength(1);

    const on = await api.put(`/webhook/${webhook.IDWebhook}`, { Active: 1 });
    expect(on.body[0]).toMatchObject({ Active: 1, DisabledReason: null });
  });

  it("rotation: both secrets sign during the grace period; without grace only the new one", async () => {
    const hook = receiver("rotation");
    const webhook = await webhookTo(hook.url);
    const rotated = await api.post(`/webhook/${webhook.IDWebhook}/rotate-secret`, { GracePeriodHours: 24 });
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body[0]!.Secret as string;
    expect(newSecret).not.toBe(webhook.Secret);
    expect(rotated.body[0]!.PreviousSecretExpiresAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await hook.configure({ secrets: [webhook.Secret, newSecret] });
    await transfer();
    await settled(webhook.IDWebhook);
    const [during] = await hook.received();
    expect(during!.verifiedWith).toEqual([webhook.Secret, newSecret]);
    expect(during!.headers["x-signature"]!.split(",").filter((p) => p.startsWith("v1="))).toHaveLength(2);

    const final = await api.post(`/webhook/${webhook.IDWebhook}/rotate-secret`, { GracePeriodHours: 0 });
    const last = final.body[0]!.Secret as string;
    expect(final.body[0]!.PreviousSecretExpiresAt).toBeNull();
    await hook.configure({ secrets: [webhook.Secret, newSecret, last] });
    await transfer();
    await eventually(async () => (await hook.received()).length === 2);
    const [, after] = await hook.received();
    expect(after!.verifiedWith).toEqual([last]);
  });

  it("a receiver answering 307 to another URL is not followed: a failed attempt naming the receiver and where it pointed", async () => {
    const hook = receiver("redirecting");
    const target = receiver("redirect-target");
    const webhook = await webhookTo(hook.url);
    await hook.configure({
      secrets: [webhook.Secret],
      otherwise: { redirect: 307, to: `${target.url}?token=x` },
    });
    await transfer();
    const failed = await settled(webhook.IDWebhook);
    const receiverOrigin = new URL(hook.url).origin;
    const reason = `webhook ${receiverOrigin} respondeu com um redirecionamento (HTTP 307 para ${new URL(target.url).origin}), que não é seguido`;
    expect(failed.Status).toBe("Failed");
    expect(failed.AttemptLog.map((a) => [a.Status, a.ResponseCode, a.Error])).toEqual([
      ["Retry", 307, reason],
      ["Retry", 307, reason],
      ["Failed", 307, reason],
    ]);
    expect(await hook.received()).toHaveLength(3);
    expect(await target.received()).toEqual([]);
  });

  it("reads at most 64 KiB of a receiver's answer: a longer one is a failed attempt", async () => {
    const hook = receiver("talkative");
    const webhook = await webhookTo(hook.url);
    await hook.configure({ secrets: [webhook.Secret], script: [{ status: 200, bytes: 65 * 1024 }] });
    await transfer();
    const delivered = await settled(webhook.IDWebhook);
    expect(delivered.AttemptLog.map((a) => [a.Status, a.ResponseCode, a.Error])).toEqual([
      ["Retry", null, `webhook ${new URL(hook.url).origin}: resposta maior que 65536 bytes`],
      ["Delivered", 200, null],
    ]);
  });

  it("checks the address rule again before each attempt: a stored private address is not called", async () => {
    const hook = receiver("moved-private");
    const webhook = await webhookTo(hook.url);
    // an address saved before the rule (or written around it) is refused at delivery time
    await env.DB_DEMO.prepare("UPDATE webhook_endpoints SET url = ? WHERE id = ?")
      .bind("http://10.0.0.5/hook", webhook.IDWebhook)
      .run();
    await transfer();
    const refused = await settled(webhook.IDWebhook);
    expect(refused.Status).toBe("Failed");
    expect(refused.AttemptLog).toEqual([
      expect.objectContaining({
        Status: "Failed",
        ResponseCode: null,
        Error: expect.stringMatching(/privad/),
      }),
    ]);
    expect(await hook.received()).toEqual([]);
  });
});

describe("delivery upkeep", () => {
  it("the cron's sweeping dispatch sends deliveries whose queue message was lost", async () => {
    const hook = receiver("sweep");
    const webhook = await webhookTo(hook.url);
    await hook.configure({ secrets: [webhook.Secret] });
    const db = demoDb();
    const [event] = await db
      .insert(events)
      .values({
        companyId: 1,
        uid: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
        type: "transfer.created",
        payload: "{}",
        dispatchedAt: "2026-01-01 00:00:00",
      })
      .returning();
    const stuck = { companyId: 1, endpointId: webhook.IDWebhook, nextAttemptAt: "2026-01-01 00:00:00" };
    await db.insert(webhookDeliveries).values([{ ...stuck, eventId: event!.id, status: "Pending" }]);
    await env.EVENTS.send({ kind: "dispatch", account: "demo" });
    await eventually(
      async () =>
        (
          await env.DB_DEMO.prepare("SELECT count(*) AS n FROM events WHERE dispatched_at IS NULL").first<{
            n: number;
          }>()
        )?.n === 0,
    );
    expect(await hook.received()).toHaveLength(0);
    await env.EVENTS.send({ kind: "dispatch", account: "demo", sweep: true });
    const delivered = await settled(webhook.IDWebhook);
    expect(delivered).toMatchObject({ Status: "Delivered", Attempts: 1 });
    const [got] = await hook.received();
    expect(got!.headers["x-event-id"]).toBe(event!.uid);
  });

  it("an endpoint's rate bound spreads its deliveries over the seconds", async () => {
    const hook = receiver("rate");
    const created = await api.post("/webhook", {
      Url: hook.url,
      Events: ["transfer.created"],
      MaxPerSecond: 1,
    });
    const webhookId = created.body[0]!.IDWebhook as number;
    await Promise.all([transfer(), transfer(), transfer()]);
    await eventually(async () => {
      const all = await deliveriesOf(webhookId);
      return all.length === 3 && all.every((d) => d.Status === "Delivered");
    });
    // one post per rate window, read from the signed timestamp (the window it was claimed in)
    const windows = (await hook.received()).map((r) => r.headers["x-timestamp"]);
    expect(new Set(windows).size).toBe(3);
  });
});
