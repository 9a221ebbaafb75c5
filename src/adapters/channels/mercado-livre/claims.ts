/**
 * Mercado Livre's claims as the adapter reads them (developers.mercadolivre.com.br "Gerenciar
 * reclamações", "Gerenciar evidências de reclamações", "Gerenciar devoluções"; Mercado Pago's claims
 * reference, the same post-purchase API):
 * - `GET /post-purchase/v1/claims/{id}`: `id, resource_id, resource (order…), status, stage, type,
 *   reason_id, players[{role: complainant|respondent|mediator, type, user_id}], related_entities,
 *   date_created`;
 * - `GET /post-purchase/v1/claims/search?player_role=respondent&player_user_id=&resource=order&resource_id=`:
 *   the seller's claims of an order (`paging`, `data[]`);
 * - `GET /post-purchase/v1/claims/{id}/affects-reputation`: `affects_reputation` `affected` |
 *   `not_affected` | `not_applies` (mapped to SPEC's 2 / 1 / 3; absent, unknown or 404: 0, the channel
 *   did not inform);
 * - `GET /post-purchase/v1/claims/{id}/evidences`: the seller's `shipping_evidence` with its
 *   `shipping_method` `mail` | `entrusted` | `personal_delivery` | `email` (SPEC's `ShippingMethod`);
 * - `GET /post-purchase/v2/claims/{id}/returns` when `related_entities` names a `return`: a return
 *   travelling with a carrier's tracking (Mercado Envios' return label) is `mail`.
 */
import { z } from "zod";
import {
  type ChannelClaim,
  type ChannelClaimSummary,
  ChannelError,
  type ChannelShippingMethod,
  type ReputationImpact,
} from "../types";
import type { MlHttp } from "./http";

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);
const dateTime = z.string().refine((text) => !Number.isNaN(Date.parse(text)), "date");

export const MlClaim = z.object({
  id,
  resource_id: id.nullish(),
  resource: z.string().max(40).nullish(),
  status: z.string().max(40),
  stage: z.string().max(40).nullish(),
  type: z.string().max(40).nullish(),
  reason_id: z.string().max(40).nullish(),
  date_created: dateTime,
  players: z
    .array(z.object({ role: z.string().max(40), type: z.string().max(40).nullish(), user_id: id.nullish() }))
    .max(20)
    .default([]),
  related_entities: z.array(z.string().max(40)).max(20).nullish(),
});
export type MlClaim = z.infer<typeof MlClaim>;

export const MlClaimSearch = z.object({
  paging: z.object({ total: z.number().int().nonnegative() }).partial().nullish(),
  data: z.array(z.unknown()).max(1000),
});

const MlReputation = z.object({ affects_reputation: z.string().max(40).nullish() });

const SHIPPING_METHODS = ["mail", "entrusted", "personal_delivery", "email"] as const;

const MlEvidences = z
  .array(z.object({ type: z.string().max(60).nullish(), shipping_method: z.string().max(40).nullish() }))
  .max(100);

const MlReturn = z.object({
  status: z.string().max(40).nullish(),
  shipping: z.object({ tracking_number: z.string().max(100).nullish() }).nullish(),
  shipments: z
    .array(z.object({ tracking_number: z.string().max(100).nullish() }))
    .max(20)
    .nullish(),
});

/** `affects_reputation` as SPEC's `ClaimAffectsReputation`: 1 does not affect, 2 affects, 3 not applicable, 0 not informed. */
export function reputationImpactOf(value: string | null | undefined): ReputationImpact {
  switch (value) {
    case "not_affected":
      return 1;
    case "affected":
      return 2;
    case "not_applies":
      return 3;
    default:
      return 0;
  }
}

/** The seller's shipping evidence's `shipping_method`, when it is one of SPEC's four. */
export function shippingMethodOfEvidences(
  evidences: z.infer<typeof MlEvidences>,
): ChannelShippingMethod | null {
  for (const evidence of evidences) {
    const method = evidence.shipping_method;
    if (evidence.type === "shipping_evidence" && SHIPPING_METHODS.includes(method as ChannelShippingMethod))
      return method as ChannelShippingMethod;
  }
  return null;
}

const utcText = (text: string) => new Date(Date.parse(text)).toISOString().slice(0, 19).replace("T", " ");

function parsed<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ChannelError("invalid_answer");
  return result.data;
}

/** True when the seller answers the claim (its `respondent`) and the claim is about one of its orders. */
export function isSellersOrderClaim(claim: MlClaim, sellerId: string): boolean {
  return (
    (claim.resource ?? "order") === "order" &&
    claim.resource_id !== null &&
    claim.resource_id !== undefined &&
    claim.players.some((player) => player.role === "respondent" && player.user_id === sellerId)
  );
}

/** The claim's summary as the hub stores it (the order's claim list). */
export function claimSummaryOf(
  claim: MlClaim,
  shippingMethod: ChannelShippingMethod | null,
): ChannelClaimSummary {
  return {
    id: claim.id,
    reason: claim.reason_id ?? claim.type ?? "",
    status: claim.status,
    openedAt: utcText(claim.date_created),
    shippingMethod,
  };
}

/** A 404 of one of the claim's sub-resources: the channel has nothing to say there. */
async function optional<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ChannelError && error.failure === "order_not_found") return null;
    throw error;
  }
}

/** The claim itself; a 404 is `claim_not_found`, another seller's claim too. */
export async function readMlClaim(http: MlHttp, claimId: string, sellerId: string): Promise<MlClaim> {
  if (!/^\d{1,20}$/.test(claimId)) throw new ChannelError("claim_not_found");
  let claim: MlClaim;
  try {
    claim = parsed(MlClaim, await http.get(`/post-purchase/v1/claims/${claimId}`));
  } catch (error) {
    if (error instanceof ChannelError && error.failure === "order_not_found")
      throw new ChannelError("claim_not_found");
    throw error;
  }
  if (!isSellersOrderClaim(claim, sellerId)) throw new ChannelError("claim_not_found");
  return claim;
}

/** How the claimed product travels: the seller's shipping evidence, else the return's carrier (`mail`). */
export async function claimShippingMethod(
  http: MlHttp,
  claim: MlClaim,
): Promise<ChannelShippingMethod | null> {
  const evidences = await optional(async () =>
    parsed(MlEvidences, await http.get(`/post-purchase/v1/claims/${claim.id}/evidences`)),
  );
  const stated = evidences ? shippingMethodOfEvidences(evidences) : null;
  if (stated || !claim.related_entities?.includes("return")) return stated;
  const answer = await optional(async () =>
    parsed(MlReturn, await http.get(`/post-purchase/v2/claims/${claim.id}/returns`)),
  );
  const tracked =
    answer?.shipping?.tracking_number || answer?.shipments?.some((shipment) => shipment.tracking_number);
  return tracked ? "mail" : null;
}

/** The claim with its reputation answer and shipping method. */
export async function fetchMlClaim(http: MlHttp, claimId: string, sellerId: string): Promise<ChannelClaim> {
  const claim = await readMlClaim(http, claimId, sellerId);
  const [reputation, shippingMethod] = await Promise.all([
    optional(async () =>
      parsed(MlReputation, await http.get(`/post-purchase/v1/claims/${claim.id}/affects-reputation`)),
    ),
    claimShippingMethod(http, claim),
  ]);
  return {
    ...claimSummaryOf(claim, shippingMethod),
    orderId: claim.resource_id ?? "",
    affectsReputation: reputationImpactOf(reputation?.affects_reputation),
  };
}

/** The seller's claims of an order (`/post-purchase/v1/claims/search`, as respondent). */
export async function searchOrderClaims(http: MlHttp, orderId: string, sellerId: string): Promise<MlClaim[]> {
  const answer = parsed(
    MlClaimSearch,
    await http.get("/post-purchase/v1/claims/search", {
      player_role: "respondent",
      player_user_id: sellerId,
      resource: "order",
      resource_id: orderId,
    }),
  );
  return answer.data
    .map((value) => parsed(MlClaim, value))
    .filter((claim) => isSellersOrderClaim(claim, sellerId) && claim.resource_id === orderId);
}
