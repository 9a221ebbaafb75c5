import type { ChannelClaim } from "../../adapters/channels/types";
import { attachmentsOf, type HubAttachmentRow } from "../../db/hub/attachments";
import { findHubIntegration } from "../../db/hub/integrations";
import { findHubClaim, findHubOrder, type HubOrderClaimRow, type HubOrderRow } from "../../db/hub/orders";
import { ApiError, badRequest } from "../../lib/errors";
import { callChannel } from "./channel-calls";
import { channelOf, type HubDeps } from "./integrations";
import { HUB_CLAIM_NOT_FOUND } from "./messages";

export type ClaimView = {
  claim: HubOrderClaimRow;
  order: HubOrderRow;
  /** The channel's answer now; null when the lookup failed (`failure` says why). */
  live: ChannelClaim | null;
  failure: string | null;
  attachments: HubAttachmentRow[];
};

/** The claim and its order, or 400 `Reclamação do pedido não encontrada`. */
export async function findClaim(
  deps: HubDeps,
  claimId: number,
): Promise<{ claim: HubOrderClaimRow; order: HubOrderRow }> {
  const claim = await findHubClaim(deps.db, deps.companyId, claimId);
  const order = claim && (await findHubOrder(deps.db, deps.companyId, { hubOrderId: claim.hubOrderId }));
  if (!claim || !order) throw badRequest(HUB_CLAIM_NOT_FOUND);
  return { claim, order };
}

/**
 * A claim as stored, refreshed from the channel: whether it affects the seller's reputation is
 * only known live. A failed lookup (integration gone or not authenticated, garbage, timeout)
 * leaves `ClaimAffectsReputation` null and says why, instead of failing the read.
 */
export async function getClaim(deps: HubDeps, claimId: number): Promise<ClaimView> {
  const { claim, order } = await findClaim(deps, claimId);
  const attachments = await attachmentsOf(deps.db, deps.companyId, { claimId });
  const integration = await findHubIntegration(deps.db, deps.companyId, claim.companyIntegrationId);
  if (!integration)
    return { claim, order, live: null, failure: "Integração de canal não existe", attachments };
  try {
    const channel = await channelOf(deps, integration);
    const live = await callChannel(() => channel.fetchClaim(claim.channelClaimId));
    return { claim, order, live, failure: null, attachments };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      return { claim, order, live: null, failure: error.message, attachments };
    }
    throw error;
  }
}
