/**
 * The Mercado Livre channel behind the hub's `ChannelAdapter`. Orders come from
 * `GET /orders/search?seller=&order.date_last_updated.from=&sort=date_asc&offset=&limit=`: a
 * sweep walks every order changed since `from` by offset (the set only grows while it is walked:
 * an order that changes keeps its place, sorted by creation), and when it ends the next sweep starts
 * at the latest `date_last_updated` seen, skipping that one order (cursor: `from`, offset, last
 * `date_last_updated` + order id). Notified orders (the inbox) are fetched first, by
 * `GET /orders/{id}`. Each order is completed by its billing info (buyer's CPF/CNPJ), shipment
 * and pack. Claims (claims.ts) come with notified orders and claims; attachments (attachments.ts)
 * are a claim's files or the pack's fiscal document. Labels: labels.ts; missed notifications:
 * missed-feeds.ts; listings and published stock: listings.ts.
 */
import {
  type ChannelAdapter,
  type ChannelClaim,
  type ChannelClaimSummary,
  ChannelError,
  type ChannelFile,
  type ChannelLabels,
  type ChannelOrder,
  type ChannelOrderPage,
  type ChannelProductUpdate,
  type ChannelSettlementPage,
  type ChannelStockLine,
  type ChannelStockResult,
  type ChannelUpdateResult,
  type LabelFormat,
} from "../types";
import { sendMlClaimAttachment, sendMlFiscalDocument } from "./attachments";
import {
  fetchMlOrderDetails,
  ML_BILLING_BATCH,
  ML_REFUND_BATCH,
  refundSettlementOf,
  settlementOfDetail,
} from "./billing";
import { claimShippingMethod, claimSummaryOf, fetchMlClaim, readMlClaim, searchOrderClaims } from "./claims";
import { MlHttp } from "./http";
import { fetchMlLabels } from "./labels";
import { publishListingStock, updateListing } from "./listings";
import { missedNotifications } from "./missed-feeds";
import {
  channelOrderOf,
  lastUpdatedOf,
  listingKeyOf,
  MlBillingInfo,
  MlOrder,
  MlOrderSearch,
  MlPack,
  MlShipment,
  sellerCodeOf,
} from "./orders";
import type { MlSettings } from "./types";

/** Largest `limit` of `/orders/search`. */
export const ML_SEARCH_LIMIT = 50;
const FIRST_FROM = "2000-01-01T00:00:00.000Z";

/** A claims notification's resource. */
const ML_CLAIM_RESOURCE = /^\/post-purchase\/v1\/claims\/(\d{1,20})$/;

function addClaim(claims: Map<string, ChannelClaimSummary[]>, orderId: string, claim: ChannelClaimSummary) {
  const list = claims.get(orderId) ?? [];
  if (!list.some((known) => known.id === claim.id)) list.push(claim);
  claims.set(orderId, list);
}

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
    await this.takeMissedFeeds();
    const notified = await this.notifiedOrders(limit);
    if (notified.length > 0) return { orders: notified, nextCursor: cursor, hasMore: true };
    return this.searchOrders(parseCursor(cursor), Math.min(limit, ML_SEARCH_LIMIT));
  }

  private missedRead = false;

  /** Once per pull: the app's missed notifications of this seller go to the inbox (see missed-feeds.ts). */
  private async takeMissedFeeds(): Promise<void> {
    const { missed, clientId } = this.settings;
    if (!missed || this.missedRead) return;
    const token = await this.http.accessToken(false);
    if (!token.sellerId) return;
    await missed.take(await missedNotifications(this.http, clientId, token.sellerId));
    this.missedRead = true;
  }

  /**
   * The inbox's notified orders, fetched one by one (`GET /orders/{id}`); gone ones are skipped. A
   * notified claim (`/post-purchase/v1/claims/{id}`) brings its order with it; a claim the seller
   * does not answer, or not about an order, is skipped. Each notified order carries the seller's
   * claims of it (`/post-purchase/v1/claims/search`).
   */
  private async notifiedOrders(limit: number): Promise<ChannelOrder[]> {
    const { inbox } = this.settings;
    if (!inbox) return [];
    for (;;) {
      const pending = await inbox.pendingOrders(Math.min(limit, ML_SEARCH_LIMIT));
      if (pending.length === 0) return [];
      const sellerId = await this.sellerId();
      const claims = new Map<string, ChannelClaimSummary[]>();
      // all at once: the client keeps at most 6 requests in flight
      const orders = await Promise.all(
        pending.map(async ({ resource }) => {
          const claimId = ML_CLAIM_RESOURCE.exec(resource)?.[1];
          const orderId = claimId
            ? await this.claimedOrder(claimId, sellerId, claims)
            : /^\/orders\/(\d{1,20})$/.exec(resource)?.[1];
          if (!orderId) return null;
          try {
            const order = parsed(MlOrder, await this.http.get(`/orders/${orderId}`));
            if (!claimId) await this.orderClaims(order.id, sellerId, claims);
            return order;
          } catch (error) {
            if (error instanceof ChannelError && error.failure === "order_not_found") return null;
            throw error;
          }
        }),
      );
      const found = [
        ...new Map(
          orders.filter((order): order is MlOrder => order !== null).map((order) => [order.id, order]),
        ).values(),
      ];
      const complete = await this.complete(found, claims);
      await inbox.fetched(pending.map((row) => row.id));
      if (complete.length > 0) return complete;
    }
  }

  private async sellerId(): Promise<string> {
    const token = await this.http.accessToken(false);
    if (!token.sellerId) throw new ChannelError("not_authenticated");
    return token.sellerId;
  }

  /** A notified claim's order id (null: gone, or not the seller's order claim), its summary kept. */
  private async claimedOrder(
    claimId: string,
    sellerId: string,
    claims: Map<string, ChannelClaimSummary[]>,
  ): Promise<string | null> {
    try {
      const claim = await readMlClaim(this.http, claimId, sellerId);
      const orderId = claim.resource_id ?? "";
      addClaim(claims, orderId, claimSummaryOf(claim, await claimShippingMethod(this.http, claim)));
      return orderId;
    } catch (error) {
      if (error instanceof ChannelError && error.failure === "claim_not_found") return null;
      throw error;
    }
  }

  /** The seller's claims of a notified order (a 404 of the search: none). */
  private async orderClaims(orderId: string, sellerId: string, claims: Map<string, ChannelClaimSummary[]>) {
    let found: Awaited<ReturnType<typeof searchOrderClaims>>;
    try {
      found = await searchOrderClaims(this.http, orderId, sellerId);
    } catch (error) {
      if (error instanceof ChannelError && error.failure === "order_not_found") return;
      throw error;
    }
    for (const claim of found) {
      addClaim(claims, orderId, claimSummaryOf(claim, await claimShippingMethod(this.http, claim)));
    }
  }

  /**
   * Search pages of ML_SEARCH_LIMIT read one after another until `limit` new orders or the sweep's
   * end; each page's orders are completed (billing info, shipment, pack) while the next page is
   * searched, and the cursor after the last page read covers them all.
   */
  private async searchOrders(cursor: MlCursor, limit: number): Promise<ChannelOrderPage> {
    let { from, offset, lastDate, lastId } = cursor;
    const token = await this.http.accessToken(false);
    if (!token.sellerId) throw new ChannelError("not_authenticated");
    const completing: Promise<ChannelOrder[]>[] = [];
    let found = 0;
    try {
      for (;;) {
        const answer = parsed(
          MlOrderSearch,
          await this.http.get("/orders/search", {
            seller: token.sellerId,
            "order.date_last_updated.from": from,
            sort: "date_asc",
            offset: String(offset),
            limit: String(Math.min(limit - found, ML_SEARCH_LIMIT)),
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
        if (fresh.length > 0) completing.push(this.complete(fresh));
        found += fresh.length;
        if (found >= limit || !hasMore) {
          const orders = (await Promise.all(completing)).flat();
          return { orders, nextCursor: formatCursor({ from, offset, lastDate, lastId }), hasMore };
        }
      }
    } finally {
      // a failed page leaves no completion unobserved
      await Promise.allSettled(completing);
    }
  }

  /**
   * Each order with its billing info, shipment and pack (a pack read once per page) and its claims,
   * all calls at once. The claims are those already `known` of the order (a notified claim, the
   * claims search of a notified order) and those its resource names (`mediations`), each read
   * (`GET /post-purchase/v1/claims/{id}`, with its shipping method) unless known; an order with no
   * mediations costs no claim call, so the sweep keeps its pace.
   */
  private async complete(
    orders: MlOrder[],
    known: ReadonlyMap<string, ChannelClaimSummary[]> = new Map(),
  ): Promise<ChannelOrder[]> {
    const claimed = orders.some((order) => (order.mediations?.length ?? 0) > 0);
    const sellerId = claimed ? await this.sellerId() : "";
    const packIds = [...new Set(orders.flatMap((o) => (o.pack_id ? [o.pack_id] : [])))];
    const packs = Promise.all(
      packIds.map(async (packId) => {
        const pack = parsed(MlPack, await this.http.get(`/packs/${packId}`));
        return [packId, pack] as const;
      }),
    ).then((entries) => new Map(entries));
    // an order's calls wait for the packs only when its shipment is the pack's
    packs.catch(() => {});
    // the orders of a pack share their shipment: read once
    const shipments = new Map<string, Promise<MlShipment>>();
    const shipmentOf = (id: string) => {
      let shipment = shipments.get(id);
      if (!shipment) {
        shipment = this.http
          .get(`/shipments/${id}`, {}, { "x-format-new": "true" })
          .then((body) => parsed(MlShipment, body));
        shipments.set(id, shipment);
      }
      return shipment;
    };
    const unnamed = orders.flatMap((o) =>
      o.order_items.filter((line) => sellerCodeOf(line.item) === null).map((line) => listingKeyOf(line.item)),
    );
    const mapped =
      unnamed.length > 0 && this.settings.listings
        ? await this.settings.listings.skuCodes([...new Set(unnamed)])
        : new Map<string, string>();
    return Promise.all(
      orders.map(async (order) => {
        const billing = this.optional(MlBillingInfo, `/orders/${order.id}/billing_info`, {
          "x-version": "2",
        });
        billing.catch(() => {});
        const shipmentId =
          order.shipping?.id ?? (order.pack_id ? (await packs).get(order.pack_id)?.shipment?.id : null);
        const shipment = shipmentId ? await shipmentOf(shipmentId) : null;
        const pack = order.pack_id ? ((await packs).get(order.pack_id) ?? null) : null;
        const claims = await this.claimsOf(order, sellerId, known.get(order.id) ?? []);
        return { ...channelOrderOf({ order, billing: await billing, shipment, pack, mapped }), claims };
      }),
    );
  }

  /**
   * The order's claims: the `known` ones and each claim its `mediations` name that is not known,
   * read with its shipping method; one that is gone (404), another seller's or about another
   * resource is left out. Sorted by id, so the same claims make the same channel data.
   */
  private async claimsOf(
    order: MlOrder,
    sellerId: string,
    known: ChannelClaimSummary[],
  ): Promise<ChannelClaimSummary[]> {
    const ids = [...new Set((order.mediations ?? []).map((mediation) => mediation.id))].filter(
      (claimId) => !known.some((claim) => claim.id === claimId),
    );
    const read = await Promise.all(
      ids.map(async (claimId) => {
        try {
          const claim = await readMlClaim(this.http, claimId, sellerId);
          if (claim.resource_id !== order.id) return null;
          return claimSummaryOf(claim, await claimShippingMethod(this.http, claim));
        } catch (error) {
          if (error instanceof ChannelError && error.failure === "claim_not_found") return null;
          throw error;
        }
      }),
    );
    return [...known, ...read.filter((claim): claim is ChannelClaimSummary => claim !== null)].sort((a, b) =>
      compareIds(a.id, b.id),
    );
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

  /**
   * The fees per order (billing.ts): the hub's unsettled orders of the integration are walked in id
   * order, 50 a billing call; each order whose money is released is a settlement, the others come
   * again in a later sweep. The cursor is the last order id asked (`mlf1|<id>`). A call that reaches
   * the end of the orders with nothing released goes round once from the first to where it started,
   * so an order the cursor passed while it was not released is never skipped. Each page also
   * carries the refunds after release still to settle (`refundSettlementOf`, at most 100): read from
   * the orders as last pulled, no channel call of their own.
   */
  async fetchSettlementsSince(cursor: string): Promise<ChannelSettlementPage> {
    const { unsettled } = this.settings;
    if (!unsettled) return { settlements: [], nextCursor: cursor, hasMore: false };
    const refunds = (await unsettled.refunds?.(ML_REFUND_BATCH)) ?? [];
    const reversals = refunds.flatMap((refund) => refundSettlementOf(refund) ?? []);
    const page = await this.releasedSince(unsettled, cursor);
    return reversals.length === 0 ? page : { ...page, settlements: [...reversals, ...page.settlements] };
  }

  private async releasedSince(
    unsettled: NonNullable<MlSettings["unsettled"]>,
    cursor: string,
  ): Promise<ChannelSettlementPage> {
    const start = /^mlf1\|(\d{1,20})$/.exec(cursor)?.[1] ?? "";
    let after = start;
    let wrapped = start === "";
    for (;;) {
      let ids = await unsettled.after(after, ML_BILLING_BATCH);
      let end = ids.length < ML_BILLING_BATCH;
      if (wrapped && start !== "") {
        const before = ids.filter((orderId) => compareIds(orderId, start) <= 0);
        end ||= before.length < ids.length;
        ids = before;
      }
      const details = ids.length > 0 ? await fetchMlOrderDetails(this.http, ids) : [];
      const settlements = details.flatMap((detail) => {
        const settlement = settlementOfDetail(detail);
        return settlement ? [settlement] : [];
      });
      if (ids.length > 0) after = ids.at(-1)!;
      if (!end) {
        if (settlements.length > 0) return { settlements, nextCursor: `mlf1|${after}`, hasMore: true };
        continue;
      }
      if (settlements.length > 0 || wrapped) {
        // the sweep ended: the next one starts from the first order (or from here after a round)
        return { settlements, nextCursor: wrapped && start !== "" ? `mlf1|${after}` : "", hasMore: false };
      }
      after = "";
      wrapped = true;
    }
  }

  /** The claim, its `affects-reputation` answer and its shipping method (claims.ts). */
  async fetchClaim(claimId: string): Promise<ChannelClaim> {
    return fetchMlClaim(this.http, claimId, await this.sellerId());
  }

  /** A claim's attachment, or the order's invoice as its pack's fiscal document (attachments.ts). */
  async sendAttachment(
    target: { orderId: string; claimId: string | null },
    file: ChannelFile,
  ): Promise<{ attachmentId: string }> {
    return target.claimId === null
      ? sendMlFiscalDocument(this.http, target.orderId, file)
      : sendMlClaimAttachment(this.http, target.claimId, await this.sellerId(), file);
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

  /** `GET /shipment_labels` of the shipments (each checked `ready_to_ship` first): see labels.ts. */
  async fetchLabels(shipmentIds: string[], format: LabelFormat): Promise<ChannelLabels> {
    return fetchMlLabels(this.http, shipmentIds, format);
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
