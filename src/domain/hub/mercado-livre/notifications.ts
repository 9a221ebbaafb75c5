/**
 * Mercado Livre's notifications (`{resource, user_id, topic, application_id, attempts, sent,
 * received}`): answered at once, with no channel call. The integration is found by the app
 * (`application_id` = the app's client id) and the seller (`user_id`); an unknown pair is ignored
 * and logged. `orders_v2`, `shipments` and `claims` are stored pending in the inbox (one row per
 * resource) and a pull of the integration is queued unless one waits that has not started (it will
 * read them: see `notifiedPull`), which fetches them first (a claim with its order); `items` are
 * kept as `ignored` until the listings part reads them.
 */
import { storeMlNotification } from "../../../db/hub/ml-connections";
import { log } from "../../../lib/log";
import { type JobDeps, queueKeyedJob } from "../../jobs/create-job";
import { notifiedPull } from "../pull";

export type MlNotification = {
  resource: string;
  user_id: number | string;
  topic: string;
  application_id: number | string;
  attempts?: number;
  sent?: string;
};

/** `claims`: the claim (`/post-purchase/v1/claims/{id}`) and its order are fetched by the same pull. */
const FETCHED_TOPICS = new Set(["orders_v2", "shipments", "claims"]);

/**
 * What was done with a notification: `queued` (a pull will fetch it), `stored`, or `ignored`. One
 * D1 call (the notification, its integration and its pull job in one batch), and a queue message
 * only when the pull job is new or has lost its message.
 */
export async function receiveMlNotification(
  deps: JobDeps,
  notification: MlNotification,
  now: Date,
): Promise<"queued" | "stored" | "ignored"> {
  const fetched = FETCHED_TOPICS.has(notification.topic);
  const pull = fetched ? notifiedPull() : null;
  const stored = await storeMlNotification(
    deps.db,
    {
      clientId: String(notification.application_id),
      sellerId: String(notification.user_id),
      topic: notification.topic,
      resource: notification.resource,
      state: fetched ? "pending" : "ignored",
      sentAt: notification.sent ?? null,
    },
    pull,
  );
  if (!stored) {
    log("warn", "mercado livre notification of an unknown seller or app ignored", {
      topic: notification.topic,
      userId: String(notification.user_id),
      applicationId: String(notification.application_id),
    });
    return "ignored";
  }
  if (!pull || !stored.pull) return "stored";
  await queueKeyedJob(deps, pull.type, stored.pull, now);
  return "queued";
}
