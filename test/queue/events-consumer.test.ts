import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, webhookAttempts, webhookDeliveries } from "../../drizzle/schema";
import { consumeEvents } from "../../src/queue/events-consumer";
import { client, signIn } from "../support/api";
import { seedAccounts } from "../support/seed";
import { demoDb } from "../support/statement-factories";
import { deliver } from "../support/upload-factories";
import { eventually, receiver } from "../support/webhook-receiver";

let api: ReturnType<typeof client>;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

async function webhookTo(url: string, maxPerSecond = 50) {
  const created = await api.post("/webhook", {
    Url: url,
    Events: ["transfer.created"],
    MaxPerSecond: maxPerSecond,
  });
  expect(created.status).toBe(200);
  return created.body[0] as { IDWebhook: number; Secret: string };
}

/** `count` pending deliveries to an endpoint, of events already dispatched (no queue message of their own). */
async function pendingDeliveries(endpointId: number, count: number): Promise<number[]> {
  const db = demoDb();
  const rows = await db
    .insert(events)
    .values(
      Array.from({ length: count }, () => ({
        companyId: 1,
        uid: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
        type: "transfer.created",
        payload: "{}",
        dispatchedAt: "2026-01-01 00:00:00",
      })),
    )
    .returning({ id: events.id });
  const deliveries = await db
    .insert(webhookDeliveries)
    .values(rows.map((event) => ({ companyId: 1, eventId: event.id, endpointId, status: "Pending" })))
    .returning({ id: webhookDeliveries.id });
  return deliveries.map((d) => d.id);
}

const deliverMessage = (deliveryId: number, attempt = 1) => ({
  body: { kind: "deliver", account: "demo", deliveryId, attempt },
});

async function stateOf(ids: number[]) {
  const db = demoDb();
  const deliveries = await db
    .select({
      id: webhookDeliveries.id,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.id, ids))
    .orderBy(webhookDeliveries.id);
  const attempts = await db
    .select({
      deliveryId: webhookAttempts.deliveryId,
      number: webhookAttempts.number,
      status: webhookAttempts.status,
    })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, ids))
    .orderBy(webhookAttempts.deliveryId, webhookAttempts.number);
  return { deliveries, attempts };
}

describe("events consumer: the deliver messages of a batch together", () => {
  it("two messages for the same attempt make one post; a stale attempt does nothing; all are acknowledged", async () => {
    const hook = receiver("batch-same-delivery");
    const webhook = await webhookTo(hook.url);
    await hook.configure({ secrets: [webhook.Secret] });
    const [once, other] = await pendingDeliveries(webhook.IDWebhook, 2);
    const result = await deliver(
      [deliverMessage(once!), deliverMessage(once!), deliverMessage(once!, 2), deliverMessage(other!)],
      "finance-events",
    );
    expect(result.explicitAcks).toHaveLength(4);
    expect(result.retryMessages).toEqual([]);
    const received = await hook.received();
    expect(
      received.map((r) => [Number(r.headers["x-delivery-id"]), r.headers["x-delivery-attempt"]]).sort(),
    ).toEqual(
      [
        [once, "1"],
        [other, "1"],
      ].sort(),
    );
    expect(received.every((r) => r.verifiedWith.length === 1)).toBe(true);
    expect(await stateOf([once!, other!])).toEqual({
      deliveries: [
        { id: once, status: "Delivered", attempts: 1 },
        { id: other, status: "Delivered", attempts: 1 },
      ],
      attempts: [
        { deliveryId: once, number: 1, status: "Delivered" },
        { deliveryId: other, number: 1, status: "Delivered" },
      ],
    });

    // the same messages again: every attempt already made, nothing is sent
    const again = await deliver([deliverMessage(once!), deliverMessage(other!)], "finance-events");
    expect(again.explicitAcks).toHaveLength(2);
    expect(await hook.received()).toHaveLength(2);
  });

  it("counts the batch in each endpoint's rate window: past the bound it waits for the next second; an inactive endpoint's delivery is cancelled", async () => {
    const hook = receiver("batch-rate");
    const webhook = await webhookTo(hook.url, 2);
    await hook.configure({ secrets: [webhook.Secret] });
    const off = await webhookTo(receiver("batch-off").url);
    expect((await api.put(`/webhook/${off.IDWebhook}`, { Active: 0 })).status).toBe(200);
    const bounded = await pendingDeliveries(webhook.IDWebhook, 3);
    const [cancelled] = await pendingDeliveries(off.IDWebhook, 1);
    // the held-back delivery's next message is kept here, so the real queue cannot take it before
    // the state below is read (a loaded machine can take the second it waits)
    const sent: { body: unknown; delaySeconds?: number }[] = [];
    const recorder = {
      send: async (body: unknown, options?: { delaySeconds?: number }) => {
        sent.push({ body, ...options });
      },
      sendBatch: async (messages: Iterable<{ body: unknown; delaySeconds?: number }>) => {
        sent.push(...messages);
      },
    };
    await deliver(
      [...bounded, cancelled!].map((id) => deliverMessage(id)),
      "finance-events",
      { ...env, EVENTS: recorder as unknown as typeof env.EVENTS },
    );

    const after = await stateOf([...bounded, cancelled!]);
    expect(after.deliveries).toEqual([
      { id: bounded[0], status: "Delivered", attempts: 1 },
      { id: bounded[1], status: "Delivered", attempts: 1 },
      // released untried: its attempt not counted, the next second's message takes it
      { id: bounded[2], status: "Pending", attempts: 0 },
      { id: cancelled, status: "Cancelled", attempts: 0 },
    ]);
    expect(after.attempts.map((a) => a.deliveryId)).toEqual([bounded[0], bounded[1]]);
    expect(sent).toEqual([{ body: deliverMessage(bounded[2]!).body, delaySeconds: 1 }]);

    // handed to the real queue, it waits its second and is delivered
    await env.EVENTS.send(sent[0]!.body as never, { delaySeconds: 1 });
    await eventually(async () => (await stateOf([bounded[2]!])).deliveries[0]!.status === "Delivered");
    const received = await hook.received();
    expect(received.map((r) => Number(r.headers["x-delivery-id"])).sort()).toEqual([...bounded].sort());
    // the signed timestamp is the claim's window (the receiver's clock would let a post sent at the
    // end of one second arrive in the next one)
    const windowOf = new Map(
      received.map((r) => [Number(r.headers["x-delivery-id"]), Number(r.headers["x-timestamp"])]),
    );
    expect(windowOf.get(bounded[0]!)).toBe(windowOf.get(bounded[1]!));
    expect(windowOf.get(bounded[2]!)).toBeGreaterThan(windowOf.get(bounded[0]!)!);
    expect((await stateOf([bounded[2]!])).attempts).toEqual([
      { deliveryId: bounded[2], number: 1, status: "Delivered" },
    ]);
  });
});

describe("events consumer: the http hook", () => {
  it("is the outbound helper's fetcher: a 307 it answers is not followed, the attempt fails naming the receiver", async () => {
    const hook = receiver("hook-redirect");
    const webhook = await webhookTo(hook.url);
    const [id] = await pendingDeliveries(webhook.IDWebhook, 1);
    const calls: { url: string; redirect?: RequestInit["redirect"]; signal: boolean }[] = [];
    const http = async (url: string, init: RequestInit) => {
      calls.push({ url, redirect: init.redirect, signal: init.signal instanceof AbortSignal });
      return new Response(null, { status: 307, headers: { Location: "https://elsewhere.example/x" } });
    };
    const batch = createMessageBatch("finance-events", [
      { id: "redirect-1", timestamp: new Date(), attempts: 1, body: deliverMessage(id!).body },
    ]);
    const ctx = createExecutionContext();
    await consumeEvents(batch, env, http);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
    expect(calls).toEqual([{ url: hook.url, redirect: "manual", signal: true }]);
    const [attempt] = await demoDb()
      .select({
        status: webhookAttempts.status,
        code: webhookAttempts.responseCode,
        error: webhookAttempts.error,
      })
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, id!));
    expect(attempt).toEqual({
      status: "Retry",
      code: 307,
      error: `webhook ${new URL(hook.url).origin} respondeu com um redirecionamento (HTTP 307 para https://elsewhere.example), que não é seguido`,
    });
  });
});

describe("events consumer: the dispatch messages of a batch in one run", () => {
  it("three dispatch messages of one account fan each new event out once; all are acknowledged", async () => {
    const hook = receiver("batch-dispatch");
    const webhook = await webhookTo(hook.url);
    await hook.configure({ secrets: [webhook.Secret] });
    const rows = await demoDb()
      .insert(events)
      .values(
        Array.from({ length: 3 }, () => ({
          companyId: 1,
          uid: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
          type: "transfer.created",
          payload: "{}",
        })),
      )
      .returning({ id: events.id });
    const dispatch = { body: { kind: "dispatch", account: "demo" } };
    const result = await deliver([dispatch, dispatch, dispatch], "finance-events");
    expect(result.explicitAcks).toHaveLength(3);
    expect(result.retryMessages).toEqual([]);
    const eventIds = rows.map((row) => row.id);
    const fannedOut = await demoDb()
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.eventId, eventIds),
          eq(webhookDeliveries.endpointId, webhook.IDWebhook),
        ),
      );
    expect(fannedOut.map((d) => d.eventId).sort()).toEqual([...eventIds].sort());
    await eventually(async () => (await hook.received()).length === 3);
    const received = await hook.received();
    expect(new Set(received.map((r) => r.headers["x-event-id"])).size).toBe(3);
  });
});
