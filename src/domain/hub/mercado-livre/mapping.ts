/**
 * The listing-mapping fallback of Mercado Livre order items: an item with no `seller_sku` nor
 * `seller_custom_field` is found through the hub product mapping (`/hub/product`: the product's
 * `ChannelProductId` is the listing id, each variation's `ChannelSkuCode` the channel's code of
 * one SKU). The key of an item is its listing (`MLB…`) or listing and variation (`MLB…/<variation>`):
 * - a variation key maps to the variation whose `ChannelSkuCode` is the variation id or the whole key;
 *   else to a product whose `ChannelProductId` is the whole key; else, like a listing key,
 * - a listing key maps to the product's only variation; a listing of several variations with none
 *   named is ambiguous and stays unmapped, as does an unknown listing (reported in `UnmappedSkus`).
 */
import type { MlListingMap } from "../../../adapters/channels/mercado-livre/types";
import { type ListingVariationRow, variationsOfListings } from "../../../db/hub/ml-mapping";
import type { Db } from "../../../env";

/** The SKU code of each key that maps (see above); keys that do not are absent. */
export function skuCodesOfKeys(keys: string[], rows: ListingVariationRow[]): Map<string, string> {
  const byListing = new Map<string, ListingVariationRow[]>();
  for (const row of rows) byListing.set(row.listingId, [...(byListing.get(row.listingId) ?? []), row]);
  const only = (listing: string) => {
    const variations = byListing.get(listing) ?? [];
    return variations.length === 1 ? variations[0]!.skuCode : null;
  };
  const out = new Map<string, string>();
  for (const key of keys) {
    const [listing, variation] = key.split("/") as [string, string | undefined];
    let code: string | null = null;
    if (variation) {
      const named = (byListing.get(listing) ?? []).find(
        (row) => row.channelSkuCode === variation || row.channelSkuCode === key,
      );
      code = named?.skuCode ?? only(key);
    }
    code ??= only(listing);
    if (code) out.set(key, code);
  }
  return out;
}

/** The listing map of one integration, over its hub products. */
export function mlListingMap(db: Db, companyId: number, integrationId: number): MlListingMap {
  return {
    async skuCodes(keys) {
      if (keys.length === 0) return new Map();
      const listings = [...new Set(keys.flatMap((key) => [key, key.split("/")[0]!]))];
      return skuCodesOfKeys(keys, await variationsOfListings(db, companyId, integrationId, listings));
    },
  };
}
