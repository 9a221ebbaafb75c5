/**
 * The claims Mercado Livre reports on an order the hub already holds (a notified claim brings its
 * order again): each becomes, or updates, the hub order's claim, its opening in the company's zone
 * as the pull stores a new order's claims.
 */
import type { ChannelOrder } from "../../../adapters/channels/types";
import { hubOrderClaimStatements } from "../../../db/hub/ml-claims";
import type { Statement } from "../../../db/sql";
import type { Db } from "../../../env";
import { nowIn } from "../../../lib/dates";

const utcDate = (text: string) => new Date(`${text.replace(" ", "T")}Z`);

export function claimStatementsOfUpdate(
  db: Db,
  hubOrderId: number,
  order: ChannelOrder,
  timeZone: string,
): Statement[] {
  return hubOrderClaimStatements(
    db,
    hubOrderId,
    order.claims.map((claim) => ({
      channelClaimId: claim.id,
      reason: claim.reason,
      channelStatus: claim.status,
      shippingMethod: claim.shippingMethod,
      openedAt: nowIn(timeZone, utcDate(claim.openedAt)),
    })),
  );
}
