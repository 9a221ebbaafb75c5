import { and, eq, inArray } from "drizzle-orm";
import { hubProducts, hubProductVariations, products } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { inGroups } from "../sql";

/** One variation of a hub product (listing) of the integration, with its SKU's code. */
export type ListingVariationRow = { listingId: string; channelSkuCode: string; skuCode: string };

/**
 * The variations of the integration's active hub products whose channel id (the listing) is one
 * of `listingIds`, with the code of each variation's active SKU.
 */
export async function variationsOfListings(
  db: Db,
  companyId: number,
  integrationId: number,
  listingIds: string[],
): Promise<ListingVariationRow[]> {
  const out: ListingVariationRow[] = [];
  for (const group of inGroups([...new Set(listingIds)], 90)) {
    const rows = await db
      .select({
        listingId: hubProducts.channelProductId,
        channelSkuCode: hubProductVariations.channelSkuCode,
        skuCode: products.code,
      })
      .from(hubProducts)
      .innerJoin(hubProductVariations, eq(hubProductVariations.hubProductId, hubProducts.id))
      .innerJoin(
        products,
        and(
          eq(products.id, hubProductVariations.skuId),
          eq(products.companyId, companyId),
          eq(products.status, 1),
        ),
      )
      .where(
        and(
          eq(hubProducts.companyId, companyId),
          eq(hubProducts.companyIntegrationId, integrationId),
          eq(hubProducts.status, 1),
          inArray(hubProducts.channelProductId, group),
        ),
      );
    for (const row of rows) {
      if (row.listingId && row.skuCode) out.push({ ...row, listingId: row.listingId, skuCode: row.skuCode });
    }
  }
  return out;
}
