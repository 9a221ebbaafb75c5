import { describe, expect, it } from "vitest";
import { skuCodesOfKeys } from "../../../src/domain/hub/mercado-livre/mapping";

const rows = [
  { listingId: "MLB1", channelSkuCode: "UNICA", skuCode: "A" },
  { listingId: "MLB2", channelSkuCode: "77", skuCode: "P" },
  { listingId: "MLB2", channelSkuCode: "MLB2/78", skuCode: "G" },
  { listingId: "MLB3/5", channelSkuCode: "X", skuCode: "V" },
];

describe("Mercado Livre listing keys → SKU codes by the hub's listing mapping", () => {
  it("a listing maps to its only variation; a named variation by its id or its whole key", () => {
    const out = skuCodesOfKeys(["MLB1", "MLB2/77", "MLB2/78", "MLB3/5", "MLB1/9"], rows);
    expect(Object.fromEntries(out)).toEqual({
      MLB1: "A",
      "MLB2/77": "P",
      "MLB2/78": "G",
      "MLB3/5": "V",
      // a variation the mapping does not name falls back to the listing's only variation
      "MLB1/9": "A",
    });
  });

  it("a listing of several variations with none named, an unknown variation of it, an unknown listing: absent", () => {
    expect(skuCodesOfKeys(["MLB2", "MLB2/99", "MLB404"], rows).size).toBe(0);
  });
});
