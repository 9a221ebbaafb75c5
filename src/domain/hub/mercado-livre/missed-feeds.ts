/**
 * The inbox side of `/missed_feeds`: each missed `orders_v2`/`shipments` notification of the seller
 * becomes a pending inbox row, as a delivered notification would, unless the inbox already holds a
 * later notification of the same resource. The pull that read them fetches them next.
 */
import type { MlMissedInbox } from "../../../adapters/channels/mercado-livre/types";
import { takeMissedMlNotification } from "../../../db/hub/ml-missed-feeds";
import type { Db } from "../../../env";
import { log } from "../../../lib/log";

export function mlMissedInbox(db: Db, companyId: number, integrationId: number): MlMissedInbox {
  return {
    async take(missed) {
      let taken = 0;
      for (const message of missed) {
        if (!/^\/(orders|shipments)\/\d{1,20}$/.test(message.resource)) continue;
        const added = await takeMissedMlNotification(db, {
          companyId,
          integrationId,
          topic: message.topic,
          resource: message.resource,
          sentAt: message.sent,
        });
        if (added) taken++;
      }
      if (taken > 0) log("info", "mercado livre missed notifications taken", { integrationId, taken });
      return taken;
    },
  };
}
