import { sql } from "drizzle-orm";
import type { Db } from "../../env";
import { rawStatement } from "../raw-statement";
import type { Statement } from "../sql";

export type ChannelClaimValues = {
  channelClaimId: string;
  reason: string;
  channelStatus: string;
  shippingMethod: string | null;
  /** UTC `YYYY-MM-DD HH:MM:SS`, as the pull stores a new order's claims (company zone applied by the caller). */
  openedAt: string;
};

/**
 * The claims the channel reports on a hub order already stored: a new claim is added to it, a known
 * one (UNIQUE per integration) takes the channel's status, reason and shipping method. The company and
 * integration are the hub order's.
 */
export function hubOrderClaimStatements(
  db: Db,
  hubOrderId: number,
  claims: ChannelClaimValues[],
): Statement[] {
  return claims.map((claim) =>
    rawStatement(
      db,
      sql`INSERT INTO hub_order_claims (company_id, company_integration_id, hub_order_id, channel_claim_id, reason,
          channel_status, shipping_method, opened_at)
        SELECT h.company_id, h.company_integration_id, h.id, ${claim.channelClaimId}, ${claim.reason},
          ${claim.channelStatus}, ${claim.shippingMethod}, ${claim.openedAt}
        FROM hub_orders h WHERE h.id = ${hubOrderId}
        ON CONFLICT (company_integration_id, channel_claim_id) DO UPDATE SET
          reason = excluded.reason, channel_status = excluded.channel_status,
          shipping_method = excluded.shipping_method`,
    ),
  );
}
