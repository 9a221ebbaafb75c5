/**
 * The Mercado Livre channel behind the hub's `ChannelAdapter`. Orders come from
 * `GET /orders/search?seller=&order.date_last_updated.from=&sort=date_asc&offset=&limit=`: a
 * sweep walks every order changed since `from` by offset (the set only grows while it is walked:
 * an order that changes keeps its place, sorted by creation), and when it ends the next sweep starts
 * at the latest `date_last_updated` seen, skipping that one order (cursor: `from`, offset, last
 * `date_last_updated` + order id). Notified orders (the inbox) are fetched first, by
 * `GET /orders/{id}`. Each order is completed by its billing info (buyer's CPF/CNPJ), shipment
 * and pack. Claims, labels, listings and fees come in a later part: those calls answer
 * `no_attachments` / `invalid_answer` for now.
 */
import {
  type ChannelAdapter,
  type ChannelClaim,
  ChannelError,
  type ChannelLabels,
  type ChannelOrder,
  type ChannelOrderPage,
  type ChannelProductUpdate,
  type ChannelSettlementPage,
  type ChannelStockLine,
  type ChannelStockResult,
  type ChannelUpdateResult,
} from "../types";
import { MlHttp } from "./http";
import { publishListingStock, updateListing } from "./listings";
import {
  channelOrderOf,
  lastUpdatedOf,
  MlBillingInfo,
  MlOrder,
  MlOrderSearch,
  MlPack,
  MlShipment,
} from "./orders";
import type { MlSettings } from "./types";

/** Largest `limit` of `/orders/search`. */
export const ML_SEARCH_LIMIT = 50;
/** Calls made at once while completing a page's orders. */
const CONCURRENCY = 6;
const FIRST_FROM = "2000-01-01T00:00:00.000Z";

export type MlCursor = { from: string; offset: number; lastDate: string; lastId: string };

export function parseCursor(cursor: string): MlCursor {
  const parts = cursor.split("|");
  if (parts.length === 5 && parts[0] === "ml1" && /^\d+$/.test(parts[2]!)) {
    const [, from, offset, lastDate, lastId] = parts as [string, string, string, string, string];
    if (!Number.isNaN(Date.parse(from))) return { from, offset: Number(offset), lastDate, lastId };
  }
  return { from: FIRST_FROM, offset: 0, lastDate: FIRST_FROM, lastId: "0" };
}

export const formatCursor = (c: MlCursor) => `ml1|${c.from}|${c.offset}|${c.lastDate}|${c.lastId}`;

const compareIds = (a: string, b: string) => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** True when (date, id) is after (lastDate, lastId). */
function isAfter(date: string, orderId: string, lastDate: string, lastId: string): boolean {
  const d = Date.parse(date);
  const l = Date.parse(lastDate);
  return d > l || (d === l && compareIds(orderId, lastId) > 0);
}

async function inBatches<T, R>(values: T[], work: (value: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += CONCURRENCY) {
    out.push(...(await Promise.all(values.slice(i, i + CONCURRENCY).map(work))));
  }
  return out;
}

function parsed<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ChannelError("invalid_answer");
  return result.data;
}

export class MercadoLivreChannel implements ChannelAdapter {
  readonly http: MlHttp;
  constructor(private readonly settings: MlSettings) {
    this.http = new MlHttp(settings);
  }

  /** Checks the stored tokens (refreshing them if needed): when the access token ends. */
  async authenticate(): Promise<{ expiresAt: Date | null }> {
    const token = await this.http.accessToken(false);
    return { expiresAt: token.accessExpiresAt };
  }

  /** `GET /users/me`: the seller the tokens act for. */
  async seller(): Promise<{ id: string; nickname: string | null }> {
    const body = (await this.http.get("/users/me")) as { id?: unknown; nickname?: unknown };
    if (typeof body?.id !== "number" && typeof body?.id !== "string")
      throw new ChannelError("invalid_answer");
    return { id: String(body.id), nickname: typeof body.nickname === "string" ? body.nickname : null };
  }

  async fetchOrdersSince(cursor: string, limit: number): Promise<ChannelOrderPage> {
    const notified = await this.notifiedOrders(limit);
    if (notified.length > 0) return { orders: notified, nextCursor: cursor, hasMore: true };
    return this.searchOrders(parseCursor(cursor), Math.min(limit, ML_SEARCH_LIMIT));
  }

  /** The inbox's notified orders, fetched one by one (`GET /orders/{id}`); gone ones are skipped. */
  private async notifiedOrders(limit: number): Promise<ChannelOrder[]> {
    const { inbox } = this.settings;
    if (!inbox) return [];
    for (;;) {
      const pending = await inbox.pendingOrders(Math.min(limit, ML_SEARCH_LIMIT));
      if (pending.length === 0) return [];
      const orders = await inBatches(pending, async ({ resource }) => {
        const orderId = /^\/orders\/(\d{1,20})$/.exec(resource)?.[1];
        if (!orderId) return null;
        try {
          return parsed(MlOrder, await this.http.get(`/orders/${orderId}`));
        } catch (error) {
          if (error instanceof ChannelError && error.failure === "order_not_found") return null;
          throw error;
        }
      });
      const found = orders.filter((order): order is MlOrder => order !== null);
      const complete = await this.complete(found);
      await inbox.fetched(pending.map((row) => row.id));
      if (complete.length > 0) return complete;
    }
  }

  private async searchOrders(cursor: MlCursor, limit: number): Promise<ChannelOrderPage> {
    let { from, offset, lastDate, lastId } = cursor;
    const token = await this.http.accessToken(false);
    if (!token.sellerId) throw new ChannelError("not_authenticated");
    for (;;) {
      const answer = parsed(
        MlOrderSearch,
        await this.http.get("/orders/search", {
          seller: token.sellerId,
          "order.date_last_updated.from": from,
          sort: "date_asc",
          offset: String(offset),
          limit: String(limit),
        }),
      );
      const results = answer.results.map((value) => parsed(MlOrder, value));
      const newSweep = offset === 0 && Date.parse(from) === Date.parse(lastDate);
      const fresh = results.filter(
        (order) => !newSweep || isAfter(lastUpdatedOf(order), order.id, lastDate, lastId),
      );
      for (const order of results) {
        if (isAfter(lastUpdatedOf(order), order.id, lastDate, lastId)) {
          lastDate = new Date(Date.parse(lastUpdatedOf(order))).toISOString();
          lastId = order.id;
        }
      }
      offset += results.length;
      const hasMore = results.length > 0 && offset < answer.paging.total;
      if (!hasMore) {
        // the sweep ended: the next starts at the latest change seen
        from = lastDate;
        offset = 0;
      }
      const next = formatCursor({ from, offset, lastDate, lastId });
      if (fresh.length > 0 || !hasMore) {
        return { orders: await this.complete(fresh), nextCursor: next, hasMore };
      }
    }
  }

  /** Each order with its billing info, shipment and pack (a pack read once per page). */
  private async complete(orders: MlOrder[]): Promise<ChannelOrder[]> {
    const packIds = [...new Set(orders.flatMap((o) => (o.pack_id ? [o.pack_id] : [])))];
    const packs = new Map(
      await inBatches(packIds, async (packId) => {
        const pack = parsed(MlPack, await this.http.get(`/packs/${packId}`));
        return [packId, pack] as const;
      }),
    );
    return inBatches(orders, async (order) => {
      const billing = await this.optional(MlBillingInfo, `/orders/${order.id}/billing_info`, {
        "x-version": "2",
      });
      const shipmentId =
        order.shipping?.id ?? (order.pack_id ? packs.get(order.pack_id)?.shipment?.id : null);
      const shipment = shipmentId
        ? parsed(MlShipment, await this.http.get(`/shipments/${shipmentId}`, {}, { "x-format-new": "true" }))
        : null;
      return channelOrderOf({
        order,
        billing,
        shipment,
        pack: order.pack_id ? (packs.get(order.pack_id) ?? null) : null,
      });
    });
  }

  private async optional<T>(
    schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
    path: string,
    headers: Record<string, string>,
  ): Promise<T | null> {
    try {
      return parsed(schema, await this.http.get(path, {}, headers));
    } catch (error) {
      if (error instanceof ChannelError && error.failure === "order_not_found") return null;
      throw error;
    }
  }

  // ---- the later part of the Mercado Livre adapter (claims, listings, labels, fees) ----

  async fetchSettlementsSince(cursor: string): Promise<ChannelSettlementPage> {
    return { settlements: [], nextCursor: cursor, hasMore: false };
  }

  // Claims, attachments, listings and labels of Mercado Livre are not built yet: each answers a
  // clear refusal naming the operation (a 400), never a made-up answer.
  async fetchClaim(): Promise<ChannelClaim> {
    throw new ChannelError("unsupported", { operation: "a consulta de reclamações" });
  }

  async sendAttachment(): Promise<{ attachmentId: string }> {
    throw new ChannelError("unsupported", { operation: "o envio de anexos" });
  }

  /** The listing (`PUT /items/{id}`) and each variation one by one, each its own result (listings.ts). */
  async updateProduct(
    update: ChannelProductUpdate,
  ): Promise<{ product: ChannelUpdateResult; variations: ChannelUpdateResult[] }> {
    return updateListing(this.http, update);
  }

  /** The published stock of one listing: `available_quantity` of its mapped variations in one PUT (listings.ts). */
  async publishStock(
    listingId: string,
    current: () => Promise<ChannelStockLine[] | null>,
  ): Promise<ChannelStockResult> {
    return publishListingStock(this.http, listingId, current);
  }

  async fetchLabels(): Promise<ChannelLabels> {
    throw new ChannelError("unsupported", { operation: "a emissão de etiquetas" });
  }
}

/** A Mercado Livre integration with no usable tokens: every call fails with why (`not_authenticated`, `expired`). */
export class DisconnectedChannel implements ChannelAdapter {
  constructor(private readonly failure: "not_authenticated" | "expired") {}
  private fail(): never {
    throw new ChannelError(this.failure);
  }
  async authenticate(): Promise<{ expiresAt: Date | null }> {
    return this.fail();
  }
  async fetchOrdersSince(): Promise<ChannelOrderPage> {
    return this.fail();
  }
  async fetchSettlementsSince(): Promise<ChannelSettlementPage> {
    return this.fail();
  }
  async fetchClaim(): Promise<ChannelClaim> {
    return this.fail();
  }
  async sendAttachment(): Promise<{ attachmentId: string }> {
    return this.fail();
  }
  async updateProduct(): Promise<{ product: ChannelUpdateResult; variations: ChannelUpdateResult[] }> {
    return this.fail();
  }
  async fetchLabels(): Promise<ChannelLabels> {
    return this.fail();
  }
}
