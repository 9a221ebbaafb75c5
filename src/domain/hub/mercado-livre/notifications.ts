/**
 * Mercado Livre's notifications (`{resource, user_id, topic, application_id, attempts, sent,
 * received}`): answered at once, with no channel call. The integration is found by the app
 * (`application_id` = the app's client id) and the seller (`user_id`); an unknown pair is ignored
 * and logged. `orders_v2`, `shipments` and `claims` are stored pending in the inbox (one row per
 * resource) and a pull of the integration is queued, which fetches them first (a claim with its
 * order); `items` are kept as `ignored` until the listings part reads them.
 */
import { findMlConnectionBySeller, upsertMlNotification } from "../../../db/hub/ml-connections";
import { log } from "../../../lib/log";
import type { JobDeps } from "../../jobs/create-job";
import { scheduleNotifiedPull } from "../pull";

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

/** What was done with a notification: `queued` (a pull will fetch it), `stored`, or `ignored`. */
export async function receiveMlNotification(
  deps: JobDeps,
  notification: MlNotification,
  now: Date,
): Promise<"queued" | "stored" | "ignored"> {
  const found = await findMlConnectionBySeller(
    deps.db,
    String(notification.application_id),
    String(notification.user_id),
  );
  if (!found) {
    log("warn", "mercado livre notification of an unknown seller or app ignored", {
      topic: notification.topic,
      userId: String(notification.user_id),
      applicationId: String(notification.application_id),
    });
    return "ignored";
  }
  const fetched = FETCHED_TOPICS.has(notification.topic);
  await upsertMlNotification(deps.db, {
    companyId: found.companyId,
    integrationId: found.integrationId,
    topic: notification.topic,
    resource: notification.resource,
    state: fetched ? "pending" : "ignored",
    sentAt: notification.sent ?? null,
  });
  if (!fetched) return "stored";
  // one pull per integration every 10 s at most: the notifications between go with it
  const bucket = Math.floor(now.getTime() / 10_000);
  await scheduleNotifiedPull(deps, found.companyId, found.integrationId, `notify:${bucket}`, now);
  return "queued";
}
