import type { ChannelUpdateResult } from "../../adapters/channels/types";
import { listingPublishState, reviveListing } from "../../db/hub/ml-stock";
import {
  existingSkuIds,
  findHubProduct,
  type HubProductRow,
  type HubVariationRow,
  insertHubProduct,
  recordProductSync,
  variationsOf,
} from "../../db/hub/products";
import { badRequest } from "../../lib/errors";
import { callChannel } from "./channel-calls";
import { channelOf, findIntegration, type HubDeps } from "./integrations";
import { type ListingPublication, publicationOf, publishedStockOf } from "./mercado-livre/stock-publish";
import {
  HUB_PRODUCT_DUPLICATE_SKU,
  HUB_PRODUCT_NOT_FOUND,
  HUB_PRODUCT_VARIATIONS_REQUIRED,
  hubProductSkusNotFound,
} from "./messages";

export type HubProductView = {
  product: HubProductRow;
  variations: HubVariationRow[];
  /** The listing's published stock (Mercado Livre listings once a stock change queued them); null otherwise. */
  publication: ListingPublication | null;
};

export type SyncResult = {
  type: "product" | "variation";
  skuId: number | null;
  channelSkuCode: string | null;
  ok: boolean;
  message: string | null;
};

export type SyncAnswer = { productId: number; totalUpdates: number; results: SyncResult[] };

async function view(deps: HubDeps, id: number): Promise<HubProductView> {
  const product = await findHubProduct(deps.db, deps.companyId, id);
  if (!product) throw badRequest(HUB_PRODUCT_NOT_FOUND);
  const [variations, state] = await Promise.all([
    variationsOf(deps.db, deps.companyId, id),
    product.channelProductId === null
      ? null
      : listingPublishState(deps.db, deps.companyId, product.companyIntegrationId, product.channelProductId),
  ]);
  return { product, variations, publication: state ? publicationOf(state) : null };
}

export const getHubProduct = view;

/** A product listed on a channel integration, its variations being SKUs of the company. */
export async function createHubProduct(
  deps: HubDeps,
  input: {
    integrationId: number;
    title: string;
    channelProductId: string | null;
    variations: { skuId: number; channelSkuCode: string }[];
  },
): Promise<HubProductView> {
  await findIntegration(deps.db, deps.companyId, input.integrationId);
  if (input.variations.length === 0) throw badRequest(HUB_PRODUCT_VARIATIONS_REQUIRED);
  const skuIds = input.variations.map((v) => v.skuId);
  if (new Set(skuIds).size !== skuIds.length) throw badRequest(HUB_PRODUCT_DUPLICATE_SKU);
  const existing = await existingSkuIds(deps.db, deps.companyId, skuIds);
  const missing = skuIds.filter((id) => !existing.has(id));
  if (missing.length > 0) throw badRequest(hubProductSkusNotFound(missing));
  const id = await insertHubProduct(deps.db, deps.companyId, input, input.variations);
  return view(deps, id);
}

const outcome = (result: ChannelUpdateResult) =>
  result.ok ? { ok: true, message: null } : { ok: false, message: result.message };

/**
 * Sends the product (title) and, with `syncVariations`, each variation's price and stock to the
 * channel. The channel answers per variation: a refused variation is one result among the others,
 * never an abort; only what the channel accepted is marked synchronised.
 */
export async function syncHubProduct(
  deps: HubDeps,
  id: number,
  input: { title?: string; syncVariations: boolean },
): Promise<SyncAnswer> {
  const { product, variations } = await view(deps, id);
  const integration = await findIntegration(deps.db, deps.companyId, product.companyIntegrationId);
  const sent = input.syncVariations ? variations : [];
  const title = input.title ?? product.title;
  const channel = await channelOf(deps, integration);
  // Mercado Livre shows the published stock: max(0, QtyAvailable - StockBuffer) (mercado-livre/stock-publish.ts)
  const published = await publishedStockOf(deps, integration, sent);
  const answer = await callChannel(() =>
    channel.updateProduct({
      productId: product.channelProductId,
      title,
      variations: sent.map((v) => ({
        sku: v.channelSkuCode,
        priceCents: v.priceCents,
        stock: published?.get(v.skuId) ?? Math.floor(v.qty / 1000),
      })),
    }),
  );
  const results: SyncResult[] = [
    { type: "product", skuId: null, channelSkuCode: null, ...outcome(answer.product) },
    ...sent.map((v, i) => ({
      type: "variation" as const,
      skuId: v.skuId,
      channelSkuCode: v.channelSkuCode,
      ...outcome(answer.variations[i] ?? { ok: false, message: "Sem resposta do canal para a variação" }),
    })),
  ];
  await recordProductSync(deps.db, deps.companyId, id, {
    title: answer.product.ok ? input.title : undefined,
    productSynced: answer.product.ok,
    syncedVariationIds: sent.filter((_, i) => answer.variations[i]?.ok).map((v) => v.id),
  });
  if (published && answer.product.ok && product.channelProductId)
    await reviveListing(deps.db, deps.companyId, integration.companyIntegrationId, product.channelProductId);
  return { productId: id, totalUpdates: results.filter((r) => r.ok).length, results };
}
