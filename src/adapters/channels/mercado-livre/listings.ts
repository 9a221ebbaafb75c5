/**
 * Mercado Livre listings (the items API): a listing is `GET /items/{id}` (`status` active, paused,
 * closed…; `variations[]` each with its `id`, `price`, `available_quantity`, `seller_custom_field`
 * and the `SELLER_SKU` attribute) and is changed by `PUT /items/{id}`. A listing with variations is
 * changed by sending `variations[]` with EVERY variation's `id` (a variation left out is removed by
 * the channel), the changed one carrying its new `price`/`available_quantity`; one without variations
 * takes `price`/`available_quantity` at the top. A deleted listing answers 404 with the error body
 * `{message, error: "not_found", status, cause}`; a closed one keeps answering with `status: closed`
 * and refuses changes. Prices are decimal reais.
 */
import { z } from "zod";
import {
  ML_LISTING_MISSING,
  mlListingClosed,
  mlListingNotFound,
  mlListingWithoutVariations,
  mlUpdateRefused,
  mlVariationNotInListing,
} from "../../../domain/hub/mercado-livre/messages";
import {
  ChannelError,
  type ChannelProductUpdate,
  type ChannelStockLine,
  type ChannelStockResult,
  type ChannelUpdateResult,
} from "../types";
import type { MlHttp } from "./http";

const MlVariation = z.object({
  id: z.union([z.number(), z.string()]),
  price: z.number().nullish(),
  available_quantity: z.number().nullish(),
  seller_custom_field: z.string().nullish(),
  attributes: z
    .array(z.object({ id: z.string().nullish(), value_name: z.string().nullish() }).passthrough())
    .nullish(),
});

export const MlItem = z.object({
  id: z.string(),
  title: z.string().nullish(),
  status: z.string(),
  price: z.number().nullish(),
  available_quantity: z.number().nullish(),
  variations: z.array(MlVariation).nullish(),
});
export type MlItem = z.infer<typeof MlItem>;

/** A listing that cannot take changes any more: deleted (404) or closed. */
type Gone = { gone: true; message: string };

const CLOSED_STATUSES = new Set(["closed", "inactive"]);

/** The listing, or why it takes no changes (deleted at the channel, closed). */
export async function readListing(http: MlHttp, listingId: string): Promise<MlItem | Gone> {
  let body: unknown;
  try {
    body = await http.get(`/items/${encodeURIComponent(listingId)}`);
  } catch (error) {
    if (error instanceof ChannelError && error.failure === "order_not_found")
      return { gone: true, message: mlListingNotFound(listingId) };
    throw error;
  }
  const item = MlItem.safeParse(body);
  if (!item.success) throw new ChannelError("invalid_answer");
  if (CLOSED_STATUSES.has(item.data.status))
    return { gone: true, message: mlListingClosed(listingId, item.data.status) };
  return item.data;
}

const isGone = (value: MlItem | Gone): value is Gone => "gone" in value;

/** The listing's variation a mapped code names: its id, its `SELLER_SKU` or its `seller_custom_field`. */
export function variationOf(item: MlItem, code: string): z.infer<typeof MlVariation> | undefined {
  const variations = item.variations ?? [];
  const tail = code.includes("/") ? code.slice(code.lastIndexOf("/") + 1) : code;
  return (
    variations.find((v) => String(v.id) === tail) ??
    variations.find((v) => v.attributes?.some((a) => a.id === "SELLER_SKU" && a.value_name === code)) ??
    variations.find((v) => v.seller_custom_field === code)
  );
}

/** The error body's message (`{message, error, status, cause}`), or the HTTP status. */
function refusalOf(answer: { status: number; body: unknown }): string {
  const body = answer.body as { message?: unknown; error?: unknown } | null;
  const text =
    typeof body?.message === "string" ? body.message : typeof body?.error === "string" ? body.error : "";
  return mlUpdateRefused(text ? text.slice(0, 300) : `HTTP ${answer.status}`);
}

type Variations = { id: number | string; price?: number; available_quantity?: number }[];

/** `variations[]` of a PUT: every variation by its id as the channel wrote it, `changed` (by id) with its new values. */
function allVariations(
  item: MlItem,
  changed: Map<string, { price?: number; available_quantity?: number }>,
): Variations {
  return (item.variations ?? []).map((v) => ({ id: v.id, ...(changed.get(String(v.id)) ?? {}) }));
}

/** `PUT /items/{id}`; a 404 means the listing was deleted meanwhile. */
type PutResult = { ok: true } | { ok: false; message: string; gone?: boolean };

async function put(http: MlHttp, listingId: string, payload: object): Promise<PutResult> {
  const answer = await http.write("PUT", `/items/${encodeURIComponent(listingId)}`, payload);
  if (answer.status >= 200 && answer.status < 300) return { ok: true };
  if (answer.status === 404) return { ok: false, gone: true, message: mlListingNotFound(listingId) };
  return { ok: false, message: refusalOf(answer) };
}

const reais = (cents: number) => Math.round(cents) / 100;

/**
 * `PUT /hub/product/{id}` on Mercado Livre: the listing read first (deleted or closed: every result
 * fails with why, nothing is sent); its title sent when it changed; then each variation one by one
 * (`price`, `available_quantity`), each its own result. A listing deleted midway fails the rest.
 */
export async function updateListing(
  http: MlHttp,
  update: ChannelProductUpdate,
): Promise<{ product: ChannelUpdateResult; variations: ChannelUpdateResult[] }> {
  const failAll = (message: string) => ({
    product: { ok: false as const, message },
    variations: update.variations.map(() => ({ ok: false as const, message })),
  });
  const listingId = update.productId;
  if (!listingId) return failAll(ML_LISTING_MISSING);
  const item = await readListing(http, listingId);
  if (isGone(item)) return failAll(item.message);
  const product =
    item.title === update.title ? { ok: true as const } : await put(http, listingId, { title: update.title });
  if (!product.ok && product.gone) return failAll(product.message);
  const hasVariations = (item.variations ?? []).length > 0;
  const variations: ChannelUpdateResult[] = [];
  let goneMessage: string | null = null;
  for (const line of update.variations) {
    if (goneMessage) {
      variations.push({ ok: false, message: goneMessage });
      continue;
    }
    const values = { price: reais(line.priceCents), available_quantity: Math.max(0, line.stock) };
    let result: PutResult;
    if (!hasVariations) {
      result =
        update.variations.length === 1
          ? await put(http, listingId, values)
          : { ok: false, message: mlListingWithoutVariations(listingId) };
    } else {
      const variation = variationOf(item, line.sku);
      result = variation
        ? await put(http, listingId, {
            variations: allVariations(item, new Map([[String(variation.id), values]])),
          })
        : { ok: false, message: mlVariationNotInListing(line.sku, listingId) };
    }
    if (result.ok) variations.push({ ok: true });
    else {
      if (result.gone) goneMessage = result.message;
      variations.push({ ok: false, message: result.message });
    }
  }
  return { product: goneMessage ? { ok: false, message: goneMessage } : product, variations };
}

/**
 * The published stock of one listing: `available_quantity` of each mapped variation (of the item
 * itself when it has none) in ONE `PUT /items/{id}`, with the quantities `current` answers after
 * the listing was read (at send time). Deleted or closed: `gone` (never retried); a mapped variation
 * missing from the listing or another refusal: not gone (the next change retries).
 */
export async function publishListingStock(
  http: MlHttp,
  listingId: string,
  current: () => Promise<ChannelStockLine[] | null>,
): Promise<ChannelStockResult> {
  const item = await readListing(http, listingId);
  if (isGone(item)) return { ok: false, gone: true, message: item.message };
  const lines = await current();
  if (lines === null) return { ok: true, unchanged: true };
  let payload: object;
  if ((item.variations ?? []).length === 0) {
    if (lines.length !== 1) return { ok: false, gone: false, message: mlListingWithoutVariations(listingId) };
    payload = { available_quantity: Math.max(0, lines[0]!.quantity) };
  } else {
    const changed = new Map<string, { available_quantity: number }>();
    for (const line of lines) {
      const variation = variationOf(item, line.variation);
      if (!variation)
        return { ok: false, gone: false, message: mlVariationNotInListing(line.variation, listingId) };
      changed.set(String(variation.id), { available_quantity: Math.max(0, line.quantity) });
    }
    payload = { variations: allVariations(item, changed) };
  }
  const result = await put(http, listingId, payload);
  return result.ok ? { ok: true } : { ok: false, gone: result.gone === true, message: result.message };
}
