import { mailSenderFor } from "../adapters/mail";
import { drizzleFor, tenantDatabase } from "../db/client";
import { deliveryConfig } from "../domain/events/config";
import { attemptDeliveries, type HttpPost } from "../domain/events/delivery";
import { dispatchEvents } from "../domain/events/dispatch";
import { type EventMessage, EventMessageSchema } from "../domain/events/event-message";
import { fanOutsPerDispatch } from "../domain/events/invocation-budget";
import { sendQueuedMail } from "../domain/events/mail";
import type { Db, Env } from "../env";
import { errorFields, type LogContext, log, withLogContext } from "../lib/log";

/** Sender address of the e-mails (production sets MAIL_FROM to an address of its verified domain). */
const DEFAULT_MAIL_FROM = "nao-responda@localhost";

type Deliver = Extract<EventMessage, { kind: "deliver" }>;
type Dispatch = Extract<EventMessage, { kind: "dispatch" }>;
type Mail = Extract<EventMessage, { kind: "mail" }>;

function accountDb(env: Env, account: string): Db | undefined {
  const database = tenantDatabase(env, account);
  if (database) return drizzleFor(database);
  log("error", "event message of an unknown account dropped");
  return undefined;
}

async function sendMail(body: Mail, env: Env): Promise<void> {
  const db = accountDb(env, body.account);
  if (!db) return;
  return sendQueuedMail(db, mailSenderFor(env.SEND_EMAIL), env.MAIL_FROM ?? DEFAULT_MAIL_FROM, body.mailId);
}

/**
 * The `dispatch` messages of one account in a batch: ONE run, since a run fans out every event of
 * the outbox not yet dispatched, whichever write asked for it (a sweep if any of them is one), in
 * at most `fanOuts` fan-outs (its share of the invocation's D1 budget).
 */
async function dispatchOnce(account: string, bodies: Dispatch[], env: Env, fanOuts: number): Promise<void> {
  const db = accountDb(env, account);
  if (!db) return;
  await dispatchEvents(
    db,
    env.EVENTS,
    account,
    bodies.some((body) => body.sweep === true),
    fanOuts,
  );
}

/** The `deliver` messages of one account in a batch: their attempts made together. */
async function deliverAll(account: string, bodies: Deliver[], env: Env, http: HttpPost): Promise<void> {
  const db = accountDb(env, account);
  if (!db) return;
  await attemptDeliveries(
    { db, queue: env.EVENTS, account, config: deliveryConfig(env), http },
    bodies.map((body) => ({ deliveryId: body.deliveryId, attempt: body.attempt })),
  );
}

/** Runs `work` for `messages`: all acknowledged when it ends, all retried (with backoff) when it throws. */
async function settle(messages: Message[], context: LogContext, work: () => Promise<void>): Promise<void> {
  await withLogContext(context, async () => {
    try {
      await work();
      for (const message of messages) message.ack();
    } catch (error) {
      log("error", "event message not processed", { ...errorFields(error), messages: messages.length });
      for (const message of messages) message.retry({ delaySeconds: Math.min(5 * message.attempts, 60) });
    }
  });
}

/** Runs each account's group of messages through `work`, settling the group's messages by its outcome. */
function settleByAccount<B>(
  groups: Map<string, { message: Message; body: B }[]>,
  work: (account: string, bodies: B[]) => Promise<void>,
): Promise<void>[] {
  return [...groups].map(([account, group]) =>
    settle(
      group.map((item) => item.message),
      { account },
      () =>
        work(
          account,
          group.map((item) => item.body),
        ),
    ),
  );
}

/**
 * Queue entry point of the events queue. Every message is idempotent (claims in the database), so
 * the queue's own retry only covers a run that failed before it could record anything. The
 * `deliver` messages of one account are handled together (one claim and one record for all of
 * them, whatever their number), its `dispatch` messages by one run; `mail` one by one. The work is
 * sized from D1's per-invocation budget (src/domain/events/invocation-budget.ts): every kind of
 * work makes a fixed number of calls, and the dispatch runs share what the rest leaves.
 */
export async function consumeEvents(
  batch: MessageBatch<unknown>,
  env: Env,
  http: HttpPost = (url, init) => fetch(url, init),
): Promise<void> {
  const deliveries = new Map<string, { message: Message; body: Deliver }[]>();
  const dispatches = new Map<string, { message: Message; body: Dispatch }[]>();
  const mails: { message: Message; body: Mail }[] = [];
  const add = <T>(groups: Map<string, T[]>, account: string, item: T) => {
    const group = groups.get(account) ?? [];
    group.push(item);
    groups.set(account, group);
  };
  for (const message of batch.messages) {
    const parsed = EventMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      withLogContext({ messageId: message.id }, () => log("error", "invalid event message dropped"));
      message.ack();
      continue;
    }
    const body = parsed.data;
    if (body.kind === "deliver") add(deliveries, body.account, { message, body });
    else if (body.kind === "dispatch") add(dispatches, body.account, { message, body });
    else mails.push({ message, body });
  }
  const fanOuts = fanOutsPerDispatch({
    deliverGroups: deliveries.size,
    dispatchGroups: dispatches.size,
    mails: mails.length,
  });
  await Promise.all([
    ...mails.map(({ message, body }) =>
      settle([message], { messageId: message.id, account: body.account }, () => sendMail(body, env)),
    ),
    ...settleByAccount(dispatches, (account, bodies) => dispatchOnce(account, bodies, env, fanOuts)),
    ...settleByAccount(deliveries, (account, bodies) => deliverAll(account, bodies, env, http)),
  ]);
}
