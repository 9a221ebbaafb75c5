import { z } from "zod";
import { isSettledOrder, sandboxOrder, sandboxReputation, sandboxSettlement } from "./sandbox-data";
import { labelsPdf, labelsZpl, type SandboxLabel } from "./sandbox-labels";
import {
  type ChannelAdapter,
  type ChannelClaim,
  type ChannelConnection,
  type ChannelCredentials,
  ChannelError,
  type ChannelFile,
  type ChannelLabels,
  type ChannelOrder,
  type ChannelOrderPage,
  type ChannelProductUpdate,
  type ChannelSettlementPage,
  type ChannelUpdateResult,
  type LabelFormat,
  type ReputationImpact,
} from "./types";

/** What a sandbox channel kind accepts, like a real channel's published rules. */
export type SandboxProfile = {
  name: string;
  /** Accepted attachment extensions; null = the channel takes no attachments. */
  attachmentExtensions: readonly string[] | null;
  attachmentMaxBytes: number;
  titleMaxLength: number;
};

export const SANDBOX_MARKETPLACE: SandboxProfile = {
  name: "Sandbox Marketplace",
  attachmentExtensions: ["pdf", "jpg", "jpeg", "png"],
  attachmentMaxBytes: 2 * 1024 * 1024,
  titleMaxLength: 60,
};

export const SANDBOX_WEB_STORE: SandboxProfile = {
  name: "Sandbox Loja Virtual",
  attachmentExtensions: null,
  attachmentMaxBytes: 0,
  titleMaxLength: 120,
};

const money = z.number().finite();
const nullableText = z.string().nullable();
const shippingMethod = z.enum(["mail", "entrusted", "personal_delivery", "email"]);

/** The channel's order JSON as the adapter accepts it: anything else is an invalid answer. */
const OrderAnswer = z.object({
  order_id: z.string().min(1),
  status: z.enum(["pending_payment", "paid", "shipped", "delivered", "cancelled"]),
  date_created: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
  buyer: z.object({
    name: z.string().min(1),
    // a CPF, or a CNPJ (numeric or alphanumeric) in its stored form
    document: z.string().regex(/^\d{11}$|^[0-9A-Z]{12}\d{2}$/),
    email: nullableText,
  }),
  items: z
    .array(
      z.object({
        seller_sku: z.string().min(1),
        title: z.string(),
        quantity: z.number().int().positive(),
        unit_price: money,
        discount: money,
      }),
    )
    .min(1),
  shipping: z.object({ id: nullableText, cost: money, method: shippingMethod.nullable() }),
  pack_id: nullableText,
  coupon: z.object({ code: z.string(), discount: money }).nullable(),
  utm: z.object({
    utm_source: nullableText,
    utm_medium: nullableText,
    utm_campaign: nullableText,
    utmi_cp: nullableText,
    utmi_p: nullableText,
    utmi_pc: nullableText,
  }),
  claims: z.array(
    z.object({
      id: z.string(),
      reason: z.string(),
      status: z.string(),
      date_created: z.string(),
      return_shipping: shippingMethod.nullable(),
    }),
  ),
});

const OrdersAnswer = z.object({
  results: z.array(OrderAnswer),
  next_cursor: z.string(),
  has_more: z.boolean(),
});
const SettlementsAnswer = z.object({
  results: z.array(
    z.object({
      settlement_id: z.string().min(1),
      order_id: z.string().min(1),
      release_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      gross_amount: money.nonnegative(),
      commission: money.nonnegative(),
      fees: money.nonnegative(),
      net_amount: money,
    }),
  ),
  next_cursor: z.string(),
  has_more: z.boolean(),
});
const ClaimAnswer = z.object({
  id: z.string(),
  order_id: z.string(),
  reason: z.string(),
  status: z.string(),
  date_created: z.string(),
  return_shipping: shippingMethod.nullable(),
  reputation_impact: z.enum(["not_affects", "affects", "not_applies"]).optional(),
});
const AttachmentAnswer = z.object({ attachment_id: z.string().min(1) });
const UpdateAnswer = z.object({
  product: z.object({ ok: z.boolean(), error: z.string().optional() }),
  variations: z.array(z.object({ sku: z.string(), ok: z.boolean(), error: z.string().optional() })),
});

const cents = (value: number) => Math.round(value * 100);
const IMPACT: Record<string, ReputationImpact> = { not_affects: 1, affects: 2, not_applies: 3 };

function toOrder(answer: z.infer<typeof OrderAnswer>): ChannelOrder {
  return {
    id: answer.order_id,
    status: answer.status,
    orderedAt: answer.date_created,
    buyer: answer.buyer,
    items: answer.items.map((item) => ({
      sku: item.seller_sku,
      title: item.title,
      quantity: item.quantity,
      unitPriceCents: cents(item.unit_price),
      discountCents: cents(item.discount),
    })),
    shippingCents: cents(answer.shipping.cost),
    shipmentId: answer.shipping.id,
    packId: answer.pack_id,
    shippingMethod: answer.shipping.method,
    coupon: answer.coupon && { code: answer.coupon.code, discountCents: cents(answer.coupon.discount) },
    utm: {
      source: answer.utm.utm_source,
      medium: answer.utm.utm_medium,
      campaign: answer.utm.utm_campaign,
      internalCampaign: answer.utm.utmi_cp,
      internalPage: answer.utm.utmi_p,
      internalPart: answer.utm.utmi_pc,
    },
    claims: answer.claims.map((claim) => ({
      id: claim.id,
      reason: claim.reason,
      status: claim.status,
      openedAt: claim.date_created,
      shippingMethod: claim.return_shipping,
    })),
  };
}

/** `SBX-12` / `CL-12` / `SH-12` -> 12 when the channel holds that order. */
function orderNumber(id: string, prefix: string, total: number): number | null {
  const match = new RegExp(`^${prefix}-(\\d{1,9})$`).exec(id);
  const n = match ? Number(match[1]) : 0;
  return n >= 1 && n <= total ? n : null;
}

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase() ?? "";

/**
 * The sandbox channel. Its "server" side answers raw text the way a channel's HTTP API would
 * (JSON in the channel's own field names, or garbage / a timeout when told to); its client side
 * checks and maps those answers exactly as a real adapter must.
 */
export class SandboxChannel implements ChannelAdapter {
  constructor(
    private readonly connection: ChannelConnection,
    private readonly profile: SandboxProfile,
  ) {}

  /** The channel account the credentials open: the orders are that account's. */
  private get account(): string {
    return this.connection.credentials?.ClientId ?? "";
  }

  /** One request to the channel: authorisation first, then the answer (or the failure mode). */
  private async exchange(answer: () => unknown | Promise<unknown>): Promise<string> {
    const { credentials, expiresAt, now, sandbox } = this.connection;
    if (!credentials) throw new ChannelError("not_authenticated");
    if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new ChannelError("expired");
    if (sandbox.Mode === "timeout")
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    if (sandbox.Mode === "garbage") return "<html><body><h1>502 Bad Gateway</h1></body></html>";
    return JSON.stringify(await answer());
  }

  private async call<S extends z.ZodType>(
    schema: S,
    answer: () => unknown | Promise<unknown>,
  ): Promise<z.infer<S>> {
    let raw: string;
    try {
      raw = await this.exchange(answer);
    } catch (error) {
      if (error instanceof DOMException && error.name === "TimeoutError") throw new ChannelError("timeout");
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new ChannelError("invalid_answer");
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ChannelError("invalid_answer");
    return parsed.data;
  }

  async authenticate(credentials: ChannelCredentials): Promise<{ expiresAt: Date | null }> {
    if (credentials.ClientSecret.length < 8) throw new ChannelError("refused_credentials");
    return { expiresAt: null };
  }

  async fetchOrdersSince(cursor: string, limit: number): Promise<ChannelOrderPage> {
    const { Orders: total, SkuCodes: skuCodes } = this.connection.sandbox;
    const after = /^\d+$/.test(cursor) ? Number(cursor) : 0;
    const answer = await this.call(OrdersAnswer, () => {
      const last = Math.min(total, after + limit);
      const results = [];
      for (let n = after + 1; n <= last; n++) results.push(sandboxOrder(this.account, n, skuCodes));
      return { results, next_cursor: String(Math.max(after, last)), has_more: last < total };
    });
    return { orders: answer.results.map(toOrder), nextCursor: answer.next_cursor, hasMore: answer.has_more };
  }

  async fetchSettlementsSince(cursor: string, limit: number): Promise<ChannelSettlementPage> {
    const { Orders: total, SkuCodes: skuCodes } = this.connection.sandbox;
    const after = /^\d+$/.test(cursor) ? Number(cursor) : 0;
    const answer = await this.call(SettlementsAnswer, () => {
      const results = [];
      let n = after;
      while (n < total && results.length < limit) {
        n++;
        if (isSettledOrder(n)) results.push(sandboxSettlement(this.account, n, skuCodes));
      }
      return { results, next_cursor: String(n), has_more: n < total };
    });
    const settlements = answer.results.map((s) => ({
      id: s.settlement_id,
      orderId: s.order_id,
      releasedOn: s.release_date,
      grossCents: cents(s.gross_amount),
      commissionCents: cents(s.commission),
      feesCents: cents(s.fees),
      netCents: cents(s.net_amount),
    }));
    // the channel's own arithmetic, checked as a real adapter must before money is recorded
    if (settlements.some((s) => s.netCents !== s.grossCents - s.commissionCents - s.feesCents)) {
      throw new ChannelError("invalid_answer");
    }
    return { settlements, nextCursor: answer.next_cursor, hasMore: answer.has_more };
  }

  async fetchClaim(claimId: string): Promise<ChannelClaim> {
    const n = orderNumber(claimId, "CL", this.connection.sandbox.Orders);
    if (n === null || n % 6 !== 0) throw new ChannelError("claim_not_found");
    const answer = await this.call(ClaimAnswer, () => {
      const order = sandboxOrder(this.account, n, this.connection.sandbox.SkuCodes);
      const claim = order.claims[0]!;
      return { ...claim, order_id: order.order_id, reputation_impact: sandboxReputation(n) };
    });
    return {
      id: answer.id,
      orderId: answer.order_id,
      reason: answer.reason,
      status: answer.status,
      openedAt: answer.date_created,
      shippingMethod: answer.return_shipping,
      affectsReputation: answer.reputation_impact ? IMPACT[answer.reputation_impact]! : 0,
    };
  }

  async sendAttachment(
    target: { orderId: string; claimId: string | null },
    file: ChannelFile,
  ): Promise<{ attachmentId: string }> {
    const { attachmentExtensions: extensions, attachmentMaxBytes: maxBytes } = this.profile;
    // The channel checks the request once it has authorised it, and refuses with its reasons.
    const answer = await this.call(AttachmentAnswer, async () => {
      if (!extensions) throw new ChannelError("no_attachments");
      if (orderNumber(target.orderId, "SBX", this.connection.sandbox.Orders) === null) {
        throw new ChannelError("order_not_found");
      }
      const extension = extensionOf(file.name);
      if (!extensions.includes(extension)) {
        throw new ChannelError("refused_extension", { extension, accepted: extensions.join(", ") });
      }
      if (file.bytes.byteLength > maxBytes) {
        throw new ChannelError("refused_size", { size: file.bytes.byteLength, max: maxBytes });
      }
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", file.bytes));
      const id = [...digest.slice(0, 6)].map((b) => b.toString(16).padStart(2, "0")).join("");
      return { attachment_id: `ATT-${target.claimId ?? target.orderId}-${id}` };
    });
    return { attachmentId: answer.attachment_id };
  }

  async updateProduct(
    update: ChannelProductUpdate,
  ): Promise<{ product: ChannelUpdateResult; variations: ChannelUpdateResult[] }> {
    const { titleMaxLength } = this.profile;
    const answer = await this.call(UpdateAnswer, () => ({
      product:
        update.title.length > titleMaxLength
          ? { ok: false, error: `Título com mais de ${titleMaxLength} caracteres` }
          : { ok: true },
      variations: update.variations.map((variation) => {
        if (!/^[A-Za-z0-9._-]{1,50}$/.test(variation.sku)) {
          return { sku: variation.sku, ok: false, error: "Código de SKU inválido no canal" };
        }
        if (variation.priceCents <= 0) {
          return { sku: variation.sku, ok: false, error: "Preço deve ser maior que zero" };
        }
        if (variation.stock < 0)
          return { sku: variation.sku, ok: false, error: "Estoque negativo não é aceito" };
        return { sku: variation.sku, ok: true };
      }),
    }));
    const result = (item: { ok: boolean; error?: string }): ChannelUpdateResult =>
      item.ok ? { ok: true } : { ok: false, message: item.error ?? "Recusado pelo canal" };
    return { product: result(answer.product), variations: answer.variations.map(result) };
  }

  async fetchLabels(shipmentIds: string[], format: LabelFormat): Promise<ChannelLabels> {
    const total = this.connection.sandbox.Orders;
    const labels: SandboxLabel[] = [];
    for (const shipmentId of shipmentIds) {
      const n = orderNumber(shipmentId, "SH", total);
      if (n === null) throw new ChannelError("order_not_found", { id: shipmentId });
      const order = sandboxOrder(this.account, n, this.connection.sandbox.SkuCodes);
      labels.push({
        shipmentId,
        orderId: order.order_id,
        recipient: order.buyer.name,
        channel: this.profile.name,
      });
    }
    // Authorisation and failure modes apply to labels too; the file itself is not JSON.
    await this.call(z.object({ labels: z.number() }), () => ({ labels: labels.length }));
    if (format === "zpl") {
      return {
        contentType: "text/plain; charset=utf-8",
        fileName: "etiquetas.zpl",
        bytes: new TextEncoder().encode(labelsZpl(labels)),
      };
    }
    return { contentType: "application/pdf", fileName: "etiquetas.pdf", bytes: await labelsPdf(labels) };
  }
}
