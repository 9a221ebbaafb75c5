import { z } from "zod";

/** Queue of the events consumer (wrangler.toml), apart from the jobs queue. */
export const EVENTS_QUEUE = "finance-events";

const account = z.string().min(1);
const id = z.number().int().positive();

/**
 * Messages of the events queue: `dispatch` fans the account's new events out to their endpoints
 * (with `sweep`, from the hourly cron, it also picks up deliveries whose message was lost), `deliver` makes one attempt of one delivery, `mail` sends one e-mail.
 */
export const EventMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("dispatch"), account, sweep: z.boolean().optional() }),
  z.object({ kind: z.literal("deliver"), account, deliveryId: id, attempt: id }),
  z.object({ kind: z.literal("mail"), account, mailId: id }),
]);

export type EventMessage = z.infer<typeof EventMessageSchema>;

/** Where the events area sends its queue messages (the `EVENTS` binding). */
export type EventQueue = Pick<Queue<EventMessage>, "send" | "sendBatch">;

/** Sends messages in groups of 100 (the queue's batch limit). */
export async function sendAll(
  queue: EventQueue,
  messages: { body: EventMessage; delaySeconds?: number }[],
): Promise<void> {
  for (let i = 0; i < messages.length; i += 100) await queue.sendBatch(messages.slice(i, i + 100));
}
