/**
 * The one interface every sales channel (marketplace, web store) is reached through. The domain
 * calls it; which implementation answers (the sandbox here, a real channel's API elsewhere) is
 * decided per integration by `channelAdapter`, never by a route.
 */

import type { MlSettings } from "./mercado-livre/types";

/** Credentials as the company typed them at the channel's developer portal. */
export type ChannelCredentials = { ClientId: string; ClientSecret: string };

/** What the sandbox channel is told to do for one integration (ignored by real channels). */
export type SandboxSettings = {
  /** `normal`, `garbage` (answers that are not the channel's format) or `timeout` (never answers in time). */
  Mode: "normal" | "garbage" | "timeout";
  /** How many orders the channel holds for this integration. */
  Orders: number;
  /** Channel SKU codes the orders' items are drawn from. */
  SkuCodes: string[];
};

export type ChannelConnection = {
  /** The channel kind's code (`sandbox-marketplace`...). */
  kind: string;
  /** The Mercado Livre integration's settings (token store, inbox, call log); null for other kinds. */
  mercadoLivre?: MlSettings | null;
  credentials: ChannelCredentials | null;
  /** When the channel's authorisation ends (null: no expiry). */
  expiresAt: Date | null;
  sandbox: SandboxSettings;
  now: Date;
};

export type ChannelOrderItem = {
  sku: string;
  title: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
};

export type ChannelClaimSummary = {
  id: string;
  reason: string;
  status: string;
  openedAt: string;
  shippingMethod: ChannelShippingMethod | null;
};

export type ChannelShippingMethod = "mail" | "entrusted" | "personal_delivery" | "email";

export type ChannelOrder = {
  id: string;
  status: "pending_payment" | "paid" | "shipped" | "delivered" | "cancelled";
  /** UTC `YYYY-MM-DD HH:MM:SS`. */
  orderedAt: string;
  /** UTC `YYYY-MM-DD HH:MM:SS` of the channel's last change (channels that say it). */
  updatedAt?: string;
  buyer: { name: string; document: string; email: string | null };
  items: ChannelOrderItem[];
  shippingCents: number;
  shipmentId: string | null;
  packId: string | null;
  shippingMethod: ChannelShippingMethod | null;
  /** The shipment as the channel describes it (channels that have one): status, tracking, logistic type. */
  shipment?: {
    status: string;
    trackingNumber: string | null;
    logisticType: string | null;
    mode: string | null;
  } | null;
  coupon: { code: string; discountCents: number } | null;
  utm: {
    source: string | null;
    medium: string | null;
    campaign: string | null;
    internalCampaign: string | null;
    internalPage: string | null;
    internalPart: string | null;
  };
  claims: ChannelClaimSummary[];
  /**
   * What the channel gave back to the buyer of the order's payments so far (channels that say it;
   * absent when nothing was refunded): the total in cents and the UTC `YYYY-MM-DD` of the latest.
   */
  refund?: { cents: number; on: string };
};

export type ChannelOrderPage = { orders: ChannelOrder[]; nextCursor: string; hasMore: boolean };

/** The channel's release of an order's money: what it sold, kept (commission, fees) and paid out. */
export type ChannelSettlement = {
  id: string;
  orderId: string;
  /** `YYYY-MM-DD` the channel released the money. */
  releasedOn: string;
  /** A release: every amount >= 0; the reversal of one (a refund after release): every amount <= 0. */
  grossCents: number;
  commissionCents: number;
  feesCents: number;
  /** Always gross - commission - fees (an answer that breaks this is invalid). */
  netCents: number;
};

export type ChannelSettlementPage = {
  settlements: ChannelSettlement[];
  nextCursor: string;
  hasMore: boolean;
};

/** 0 the channel did not say, 1 does not affect, 2 affects, 3 not applicable. */
export type ReputationImpact = 0 | 1 | 2 | 3;

export type ChannelClaim = ChannelClaimSummary & { orderId: string; affectsReputation: ReputationImpact };

export type ChannelFile = { name: string; contentType: string; bytes: Uint8Array };

export type ChannelVariationUpdate = { sku: string; priceCents: number; stock: number };

export type ChannelProductUpdate = {
  productId: string | null;
  title: string;
  variations: ChannelVariationUpdate[];
};

export type ChannelUpdateResult = { ok: true } | { ok: false; message: string };

/** One mapped variation's quantity to publish (`variation`: the hub product variation's channel code). */
export type ChannelStockLine = { variation: string; quantity: number };

/** How a stock publication ended: accepted, refused for good (`gone`: listing deleted or closed), or refused this time. */
export type ChannelStockResult =
  | { ok: true; unchanged?: boolean }
  | { ok: false; gone: boolean; message: string };

export type ChannelLabels = { contentType: string; fileName: string; bytes: Uint8Array };

export type LabelFormat = "pdf" | "zpl";

/** Why a channel call did not succeed; the domain turns each into its own 400 message. */
export type ChannelFailure =
  | "not_authenticated"
  | "expired"
  | "refused_credentials"
  | "invalid_answer"
  | "timeout"
  | "no_attachments"
  | "refused_extension"
  | "refused_size"
  | "order_not_found"
  | "claim_not_found"
  /** The channel's adapter does not perform this operation yet (`detail.operation` names it). */
  | "unsupported"
  /** Labels asked for shipments not ready to ship (`detail.shipments`: ids and statuses). */
  | "label_not_ready"
  /** The channel refused the labels (`detail.shipments`, `detail.reason`). */
  | "label_refused"
  /**
   * The call produced no answer to read: a redirect (never followed), an address refused, a network
   * fault, an answer over its bound (`detail.reason`: the outbound helper's reason, naming the party).
   */
  | "outbound";

export class ChannelError extends Error {
  override readonly name = "ChannelError";
  constructor(
    readonly failure: ChannelFailure,
    /** Detail for the message (accepted extensions, size limit...), never credentials. */
    readonly detail: Record<string, string | number> = {},
  ) {
    super(`channel call failed: ${failure}`);
  }
}

export interface ChannelAdapter {
  /** Checks the credentials with the channel: when its authorisation ends (null: no expiry). */
  authenticate(credentials: ChannelCredentials): Promise<{ expiresAt: Date | null }>;
  /** Orders after the cursor (`''` = from the first), oldest first, at most `limit`. */
  fetchOrdersSince(cursor: string, limit: number): Promise<ChannelOrderPage>;
  /** Settlements after the cursor (`''` = from the first), oldest first, at most `limit`. */
  fetchSettlementsSince(cursor: string, limit: number): Promise<ChannelSettlementPage>;
  fetchClaim(claimId: string): Promise<ChannelClaim>;
  /** Sends a file on an order (or on one of its claims); the channel's id of the attachment. */
  sendAttachment(
    target: { orderId: string; claimId: string | null },
    file: ChannelFile,
  ): Promise<{ attachmentId: string }>;
  /** Updates the product and each variation; one variation's refusal is its own result. */
  updateProduct(
    update: ChannelProductUpdate,
  ): Promise<{ product: ChannelUpdateResult; variations: ChannelUpdateResult[] }>;
  /**
   * Channels whose stock is published (Mercado Livre): one listing's quantities in one call.
   * `current` is asked right before the write (the quantities at send time); null: nothing to send.
   */
  publishStock?(
    listingId: string,
    current: () => Promise<ChannelStockLine[] | null>,
  ): Promise<ChannelStockResult>;
  /** The shipping labels of these shipments, as one file. */
  fetchLabels(shipmentIds: string[], format: LabelFormat): Promise<ChannelLabels>;
}
