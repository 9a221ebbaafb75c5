import { describe, expect, it } from "vitest";
import {
  checkMlLimits,
  ML_CLAIM_ATTACHMENT_LIMITS,
  ML_FISCAL_DOCUMENT_LIMITS,
} from "../../../src/adapters/channels/mercado-livre/attachments";
import {
  isSellersOrderClaim,
  MlClaim,
  reputationImpactOf,
  shippingMethodOfEvidences,
} from "../../../src/adapters/channels/mercado-livre/claims";
import { ChannelError } from "../../../src/adapters/channels/types";

describe("Mercado Livre claims mapping", () => {
  it.each([
    ["not_affected", 1],
    ["affected", 2],
    ["not_applies", 3],
    [null, 0],
    [undefined, 0],
    ["something_new", 0],
  ] as const)("affects_reputation %s is ClaimAffectsReputation %i", (value, impact) => {
    expect(reputationImpactOf(value)).toBe(impact);
  });

  it("the shipping method is the seller's shipping evidence's, when it is one of the four", () => {
    for (const method of ["mail", "entrusted", "personal_delivery", "email"] as const)
      expect(shippingMethodOfEvidences([{ type: "shipping_evidence", shipping_method: method }])).toBe(
        method,
      );
    expect(
      shippingMethodOfEvidences([{ type: "handling_shipping_evidence", shipping_method: "mail" }]),
    ).toBeNull();
    expect(shippingMethodOfEvidences([{ type: "shipping_evidence", shipping_method: "drone" }])).toBeNull();
    expect(shippingMethodOfEvidences([])).toBeNull();
  });

  it("a claim is the seller's when it answers it (respondent) and it is about an order", () => {
    const claim = MlClaim.parse({
      id: 5,
      resource_id: 7,
      resource: "order",
      status: "opened",
      date_created: "2026-01-03T10:00:00.000-03:00",
      players: [
        { role: "complainant", user_id: 1 },
        { role: "respondent", user_id: 2 },
      ],
    });
    expect(isSellersOrderClaim(claim, "2")).toBe(true);
    expect(isSellersOrderClaim(claim, "1")).toBe(false);
    expect(isSellersOrderClaim({ ...claim, resource: "payment" }, "2")).toBe(false);
  });
});

describe("Mercado Livre attachment limits", () => {
  const file = (name: string, size: number) => ({ name, contentType: "x", bytes: new Uint8Array(size) });
  const failureOf = (run: () => void) => {
    try {
      run();
      return null;
    } catch (error) {
      return error instanceof ChannelError ? { failure: error.failure, ...error.detail } : error;
    }
  };

  it("the extension is checked first, case-insensitively, then the size", () => {
    expect(failureOf(() => checkMlLimits(file("NOTA.PDF", 10), ML_FISCAL_DOCUMENT_LIMITS))).toBeNull();
    expect(failureOf(() => checkMlLimits(file("nota.png", 10), ML_FISCAL_DOCUMENT_LIMITS))).toEqual({
      failure: "refused_extension",
      extension: "png",
      accepted: "pdf, xml",
    });
    expect(
      failureOf(() => checkMlLimits(file("nota.pdf", 1024 * 1024 + 1), ML_FISCAL_DOCUMENT_LIMITS)),
    ).toEqual({
      failure: "refused_size",
      size: 1024 * 1024 + 1,
      max: 1024 * 1024,
    });
    expect(
      failureOf(() => checkMlLimits(file("foto.jpeg", 5 * 1024 * 1024), ML_CLAIM_ATTACHMENT_LIMITS)),
    ).toBeNull();
  });
});
