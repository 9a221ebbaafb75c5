import { mailSenderFor } from "../adapters/mail";
import { drizzleFor, tenantDatabase } from "../db/client";
import { deliveryConfig } from "../domain/events/config";
import { attemptDelivery, type HttpPost } from "../domain/events/delivery";
import { dispatchEvents } from "../domain/events/dispatch";
import { type EventMessage, EventMessageSchema } from "../domain/events/event-message";
import { sendQueuedMail } from "../domain/events/mail";
import type { Env } from "../env";
import { errorFields, log, withLogContext } from "../lib/log";

/** Sender address of the e-mails (production sets MAIL_FROM to an address of its verified domain). */
const DEFAULT_MAIL_FROM = "nao-responda@localhost";

async function consumeEvent(body: EventMessage, env: Env, http: HttpPost): Promise<void> {
  const database = tenantDatabase(env, body.account);
  if (!database) {
    log("error", "event message of an unknown account dropped");
    return;
  }
  const db = drizzleFor(database);
  if (body.kind === "dispatch") return dispatchEvents(db, env.EVENTS, body.account, body.sweep);
  if (body.kind === "mail")
    return sendQueuedMail(db, mailSenderFor(env.SEND_EMAIL), env.MAIL_FROM ?? DEFAULT_MAIL_FROM, body.mailId);
  return attemptDelivery(
    { db, queue: env.EVENTS, account: body.account, config: deliveryConfig(env), http },
    body.deliveryId,
    body.attempt,
  );
}

/**
 * Queue entry point of the events queue. Every message is idempotent (claims in the database), so
 * the queue's own retry only covers a run that failed before it could record anything.
 */
export async function consumeEvents(
  batch: MessageBatch<unknown>,
  env: Env,
  http: HttpPost = (url, init) => fetch(url, init),
): Promise<void> {
  await Promise.all(
    batch.messages.map((message) =>
      withLogContext({ messageId: message.id }, async () => {
        const parsed = EventMessageSchema.safeParse(message.body);
        if (!parsed.success) {
          log("error", "invalid event message dropped");
          message.ack();
          return;
        }
        try {
          await withLogContext({ account: parsed.data.account }, () => consumeEvent(parsed.data, env, http));
          message.ack();
        } catch (error) {
          log("error", "event message not processed", errorFields(error));
          message.retry({ delaySeconds: Math.min(5 * message.attempts, 60) });
        }
      }),
    ),
  );
}
