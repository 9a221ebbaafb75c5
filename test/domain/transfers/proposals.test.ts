import { describe, expect, it } from "vitest";
import { canPair, type ProposalLine, proposeTransfers } from "../../../src/domain/transfers/proposals";

const line = (id: number, bankAccountId: number, date: string, value: number): ProposalLine => ({
  id,
  bankAccountId,
  date,
  value,
  description: `line ${id}`,
});

describe("proposeTransfers", () => {
  it("a debit on one account and the same credit on another, the same day", () => {
    const { proposals, ambiguous } = proposeTransfers([
      line(1, 1, "2026-11-10", -50000),
      line(2, 2, "2026-11-10", 50000),
    ]);
    expect(proposals).toEqual([
      {
        from: line(1, 1, "2026-11-10", -50000),
        to: line(2, 2, "2026-11-10", 50000),
        value: 50000,
        businessDays: 0,
      },
    ]);
    expect(ambiguous).toEqual([]);
  });
  it("a Saturday Pix booked on Monday", () => {
    const { proposals } = proposeTransfers([line(1, 1, "2026-11-28", -7000), line(2, 2, "2026-11-30", 7000)]);
    expect(proposals.map((p) => [p.from.id, p.to.id, p.businessDays])).toEqual([[1, 2, 1]]);
  });
  it("a Thursday transfer booked after a Friday holiday (20 Nov) and the weekend", () => {
    expect(
      proposeTransfers([line(1, 1, "2026-11-19", -7000), line(2, 2, "2026-11-23", 7000)]).proposals,
    ).toHaveLength(1);
  });
  it("the credit seen first (the other bank dated it earlier) pairs too", () => {
    expect(
      proposeTransfers([line(1, 1, "2026-11-11", -7000), line(2, 2, "2026-11-10", 7000)]).proposals,
    ).toHaveLength(1);
  });
  it("two business days apart, the same account, same sign or another amount: nothing", () => {
    expect(
      proposeTransfers([line(1, 1, "2026-11-10", -7000), line(2, 2, "2026-11-12", 7000)]).proposals,
    ).toEqual([]);
    expect(
      proposeTransfers([line(1, 1, "2026-11-10", -7000), line(2, 1, "2026-11-10", 7000)]).proposals,
    ).toEqual([]);
    expect(
      proposeTransfers([line(1, 1, "2026-11-10", 7000), line(2, 2, "2026-11-10", 7000)]).proposals,
    ).toEqual([]);
    expect(
      proposeTransfers([line(1, 1, "2026-11-10", -7000), line(2, 2, "2026-11-10", 7001)]).proposals,
    ).toEqual([]);
  });
  it("two credits for one debit: ambiguous, not proposed", () => {
    const result = proposeTransfers([
      line(1, 1, "2026-11-10", -7000),
      line(2, 2, "2026-11-10", 7000),
      line(3, 3, "2026-11-10", 7000),
    ]);
    expect(result.proposals).toEqual([]);
    expect(result.ambiguous).toEqual([{ lineIds: [1, 2, 3], reason: "ambiguous" }]);
  });
  it("two debits for one credit: ambiguous, reported once", () => {
    const result = proposeTransfers([
      line(1, 1, "2026-11-10", -7000),
      line(3, 3, "2026-11-10", -7000),
      line(2, 2, "2026-11-10", 7000),
    ]);
    expect(result.proposals).toEqual([]);
    expect(result.ambiguous).toEqual([{ lineIds: [1, 2, 3], reason: "ambiguous" }]);
  });
  it("unrelated pairs are each proposed, in the debit's date order", () => {
    const result = proposeTransfers([
      line(5, 2, "2026-11-12", -300),
      line(6, 1, "2026-11-12", 300),
      line(1, 1, "2026-11-10", -7000),
      line(2, 2, "2026-11-10", 7000),
    ]);
    expect(result.proposals.map((p) => [p.from.id, p.to.id])).toEqual([
      [1, 2],
      [5, 6],
    ]);
  });
  it("canPair is directional: the debit first", () => {
    expect(canPair(line(2, 2, "2026-11-10", 7000), line(1, 1, "2026-11-10", -7000))).toBe(false);
  });
});
