import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailMessages, webhookDeliveries, webhookEndpoints } from "../../drizzle/schema";
import {
  EVENT_CALLS,
  MESSAGES_PER_INVOCATION,
  plannedCalls,
} from "../../src/domain/events/invocation-budget";
import { DISABLED_BY_GONE } from "../../src/domain/events/messages";
import { D1_CALLS_PER_INVOCATION } from "../../src/platform/d1-budget";
import { client, signIn } from "../support/api";
import { countedEnv, type D1Calls, noCalls } from "../support/d1-counter";
import { seedAccounts } from "../support/seed";
import { demoDb } from "../support/statement-factories";
import { deliver } from "../support/upload-factories";
import { receiver } from "../support/webhook-receiver";

/** D1's queries per Worker invocation (Workers Paid). */
const D1_LIMIT = 1000;

let api: ReturnType<typeof client>;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

type Sent = { body: { kind: string; deliveryId?: number; attempt?: number }; delaySeconds?: number };

/** An EVENTS binding that keeps what the consumer sends, so each invocation is driven by the test. */
function recordingQueue() {
  const sent: Sent[] = [];
  const queue = {
    send: async (body: Sent["body"], options?: { delaySeconds?: number }) => {
      sent.push({ body, ...options });
    },
    sendBatch: async (messages: Iterable<Sent>) => {
      sent.push(...messages);
    },
  };
  return { sent, queue: queue as unknown as typeof env.EVENTS };
}

/** One consumer invocation of `messages` with every D1 call counted; answers the count. */
async function invocation(messages: { body: unknown }[], queue: typeof env.EVENTS): Promise<D1Calls> {
  const calls = noCalls();
  const result = await deliver(messages, "finance-events", countedEnv({ ...env, EVENTS: queue }, calls));
  expect(result.explicitAcks).toHaveLength(messages.length);
  expect(result.retryMessages).toEqual([]);
  return calls;
}

/** The only active webhook of the demo account (the others, of earlier tests, turned off). */
async function webhookTo(url: string) {
  await demoDb().update(webhookEndpoints).set({ active: 0 });
  const created = await api.post("/webhook", {
    Url: url,
    Events: ["transfer.created"],
    MaxPerSecond: 1000,
  });
  expect(created.status).toBe(200);
  return created.body[0] as { IDWebhook: number; Secret: string };
}

/** `count` new events in the demo outbox, not yet dispatched (as the changes' batches write them). */
async function newEvents(count: number): Promise<number[]> {
  const { results } = await env.DB_DEMO.prepare(
    `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?1)
     INSERT INTO events (company_id, uid, type, payload)
     SELECT 1, 'evt_' || lower(hex(randomblob(16))), 'transfer.created', '{"Value":1}' FROM seq
     RETURNING id`,
  )
    .bind(count)
    .all<{ id: number }>();
  return results.map((row) => row.id);
}

const inBatches = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

describe("events consumer: every invocation inside D1's per-invocation budget", () => {
  it("delivers 700 events through the consumer, each invocation's D1 calls fixed whatever its messages (<= 1,000)", async () => {
    const hook = receiver("budget-700");
    const webhook = await webhookTo(hook.url);
    await hook.configure({ secrets: [webhook.Secret] });
    await newEvents(700);
    const { sent, queue } = recordingQueue();

    // the dispatch: two fan-outs (500 events each at most) and the checks around them
    const dispatch = await invocation([{ body: { kind: "dispatch", account: "demo" } }], queue);
    expect(dispatch).toEqual({ single: 3, batches: 2, batchStatements: 4, total: 7 });
    expect(dispatch.total).toBeLessThanOrEqual(
      plannedCalls({ deliverGroups: 0, dispatchGroups: 1, mails: 0 }),
    );
    expect(sent).toHaveLength(700);
    expect(sent.every((m) => m.body.kind === "deliver" && m.body.attempt === 1)).toBe(true);

    // the deliver messages in the queue's largest batches: one claim and one record each
    const messages = sent.splice(0).map(({ body }) => ({ body: { ...body, account: "demo" } }));
    const counts: number[] = [];
    for (const batch of inBatches(messages, MESSAGES_PER_INVOCATION)) {
      const calls = await invocation(batch, queue);
      expect(calls).toEqual({ single: 0, batches: 2, batchStatements: 6, total: 6 });
      counts.push(calls.total);
    }
    expect(counts).toHaveLength(7);
    expect(Math.max(...counts)).toBeLessThanOrEqual(EVENT_CALLS.deliverRun);
    expect(Math.max(dispatch.total, ...counts)).toBeLessThanOrEqual(D1_LIMIT);
    expect(sent).toEqual([]); // nothing to retry, nothing held back by the rate bound

    // every event delivered exactly once, signed with the endpoint's secret
    const received = await hook.received();
    expect(received).toHaveLength(700);
    expect(received.every((r) => r.verifiedWith.length === 1)).toBe(true);
    const deliveries = await demoDb()
      .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, webhook.IDWebhook));
    expect(deliveries).toHaveLength(700);
    expect(deliveries.every((d) => d.status === "Delivered" && d.attempts === 1)).toBe(true);
    const ids = new Set(received.map((r) => r.headers["x-event-id"]));
    expect(ids.size).toBe(700);
  });

  it("a batch of 100 attempts that fail, one of them with a 410, makes exactly the declared cost of a deliver run", async () => {
    const hook = receiver("budget-failing");
    const webhook = await webhookTo(hook.url);
    await hook.configure({ secrets: [webhook.Secret], script: [410], otherwise: 500 });
    await newEvents(100);
    const { sent, queue } = recordingQueue();
    await invocation([{ body: { kind: "dispatch", account: "demo" } }], queue);
    const messages = sent.splice(0).map(({ body }) => ({ body: { ...body, account: "demo" } }));
    expect(messages).toHaveLength(100);

    const calls = await invocation(messages, queue);
    // claim (4) and record: attempts, deliveries, the endpoint the 410 turned off (3)
    expect(calls).toEqual({ single: 0, batches: 2, batchStatements: 7, total: EVENT_CALLS.deliverRun });
    const [endpoint] = await demoDb()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, webhook.IDWebhook));
    expect(endpoint).toMatchObject({ active: 0, disabledReason: DISABLED_BY_GONE });
    const deliveries = await demoDb()
      .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, webhook.IDWebhook));
    expect(deliveries.filter((d) => d.status === "Failed")).toHaveLength(1);
    expect(deliveries.filter((d) => d.status === "Pending" && d.attempts === 1)).toHaveLength(99);
    // the 99 retries asked for their second attempt, once each
    expect(sent).toHaveLength(99);
    expect(new Set(sent.map((m) => m.body.deliveryId)).size).toBe(99);
    expect(sent.every((m) => m.body.attempt === 2)).toBe(true);
  });

  it("a batch mixing both accounts' dispatches (one sweeping), deliveries and an e-mail stays within its plan", async () => {
    const hook = receiver("budget-mixed");
    const webhook = await webhookTo(hook.url);
    await hook.configure({ secrets: [webhook.Secret] });
    await newEvents(30);
    const { sent, queue } = recordingQueue();
    await invocation([{ body: { kind: "dispatch", account: "demo" } }], queue);
    const delivers = sent.splice(0).map(({ body }) => ({ body: { ...body, account: "demo" } }));
    await newEvents(10);
    const [mail] = await demoDb()
      .insert(mailMessages)
      .values({ companyId: 1, toAddress: "financeiro@demo.local", subject: "Teste", body: "Corpo" })
      .returning({ id: mailMessages.id });

    const calls = await invocation(
      [
        { body: { kind: "dispatch", account: "demo", sweep: true } },
        { body: { kind: "dispatch", account: "acme" } },
        ...delivers,
        { body: { kind: "mail", account: "demo", mailId: mail!.id } },
      ],
      queue,
    );
    const planned = plannedCalls({ deliverGroups: 1, dispatchGroups: 2, mails: 1 });
    expect(calls.total).toBeGreaterThan(0);
    expect(calls.total).toBeLessThanOrEqual(planned);
    expect(planned).toBeLessThanOrEqual(D1_CALLS_PER_INVOCATION);
    expect((await hook.received()).length).toBe(30);
    // the 10 new events were fanned out by the demo dispatch of the same batch
    expect(sent.filter((m) => m.body.kind === "deliver")).toHaveLength(10);
    const [sentMail] = await demoDb().select().from(mailMessages).where(eq(mailMessages.id, mail!.id));
    expect(sentMail!.status).toBe("Sent");
  });
});
