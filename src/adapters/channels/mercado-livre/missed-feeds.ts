/**
 * Notifications Mercado Livre could not deliver (developers.mercadolivre.com.br, "Receba
 * notificações" → "Histórico das notificações"): `GET /missed_feeds?app_id=<app>&topic=<topic>&offset=&limit=`
 * answers `{messages: [{_id, resource, user_id, topic, application_id, attempts, sent, received}],
 * ...}`; the feed keeps about two days. The app's feed holds every seller's: only this seller's
 * `orders_v2` and `shipments` messages are taken.
 */
import { z } from "zod";
import { ChannelError } from "../types";
import type { MlHttp } from "./http";

export const ML_MISSED_TOPICS = ["orders_v2", "shipments"] as const;
const PAGE = 50;
/** Pages read per topic at most (the feed keeps two days; more waits for the next pull). */
const MAX_PAGES = 20;

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);
const MissedFeeds = z.object({
  messages: z
    .array(
      z.object({
        resource: z.string().max(300),
        user_id: id,
        topic: z.string().max(60),
        sent: z.string().max(40).nullish(),
        received: z.string().max(40).nullish(),
      }),
    )
    .max(1000),
});

export type MlMissedNotification = { topic: string; resource: string; sent: string };

/** This seller's missed `orders_v2`/`shipments` notifications of the app, oldest feed order kept. */
export async function missedNotifications(
  http: MlHttp,
  appId: string,
  sellerId: string,
): Promise<MlMissedNotification[]> {
  const out: MlMissedNotification[] = [];
  for (const topic of ML_MISSED_TOPICS) {
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = MissedFeeds.safeParse(
        await http.get("/missed_feeds", {
          app_id: appId,
          topic,
          offset: String(page * PAGE),
          limit: String(PAGE),
        }),
      );
      if (!answer.success) throw new ChannelError("invalid_answer");
      for (const message of answer.data.messages) {
        const when = Date.parse(message.sent ?? message.received ?? "");
        if (message.user_id !== sellerId || message.topic !== topic || Number.isNaN(when)) continue;
        out.push({ topic, resource: message.resource, sent: new Date(when).toISOString() });
      }
      if (answer.data.messages.length < PAGE) break;
    }
  }
  return out;
}
