import { describe, expect, it } from "vitest";
import { type MlOrderDetail, settlementOfDetail } from "../../../src/adapters/channels/mercado-livre/billing";
import { ChannelError } from "../../../src/adapters/channels/types";

const released = (date: string) => ({
  payment_id: "1",
  money_release_date: date,
  money_release_status: "released",
});
const charge = (subType: string, amount: number, type = "CHARGE") => ({
  charge_info: { detail_amount: amount, detail_type: type, detail_sub_type: subType },
  sales_info: [{ order_id: "77", transaction_amount: 250.1 }],
});

describe("a Mercado Livre billing order detail → the order's settlement", () => {
  it("without sale_fee the fee is the CV charges; CXD is the shipping cost; the latest release date", () => {
    const detail: MlOrderDetail = {
      order_id: "77",
      payment_info: [released("2026-05-02T10:00:00"), released("2026-05-09T01:00:00")],
      sale_fee: null,
      details: [charge("CV", 30.01), charge("CXD", 20.5), charge("CV", 5, "BONUS")],
    };
    expect(settlementOfDetail(detail)).toEqual({
      id: "ml-order-77",
      orderId: "77",
      releasedOn: "2026-05-09",
      grossCents: 25_010,
      commissionCents: 3_001,
      feesCents: 2_050,
      netCents: 25_010 - 3_001 - 2_050,
    });
  });

  it("sale_fee.net wins over the charges; a payment not released, or none, is no settlement yet", () => {
    const detail: MlOrderDetail = {
      order_id: "77",
      payment_info: [released("2026-05-02T10:00:00")],
      sale_fee: { net: 12, gross: 15 },
      details: [charge("CV", 15)],
    };
    expect(settlementOfDetail(detail)?.commissionCents).toBe(1_200);
    const pending = { ...released("2026-05-03T00:00:00"), money_release_status: "pending" };
    expect(
      settlementOfDetail({ ...detail, payment_info: [released("2026-05-02T10:00:00"), pending] }),
    ).toBeNull();
    expect(settlementOfDetail({ ...detail, payment_info: [] })).toBeNull();
  });

  it("released without what was paid, or without a release date: an invalid answer", () => {
    const detail: MlOrderDetail = {
      order_id: "77",
      payment_info: [released("2026-05-02T10:00:00")],
      sale_fee: { net: 12 },
      details: [],
    };
    expect(() => settlementOfDetail(detail)).toThrow(ChannelError);
    const undated = {
      ...detail,
      details: [charge("CV", 12)],
      payment_info: [{ money_release_status: "released" }],
    };
    expect(() => settlementOfDetail(undated)).toThrow(ChannelError);
  });
});
