import { describe, expect, it } from "vitest";
import {
  businessDaysBetween,
  documentKey,
  type Movement,
  pairMovements,
  sameMovement,
  withinCreditWindow,
} from "../../../src/domain/statement/same-movement";

const movement = (over: Partial<Movement> & Pick<Movement, "ref" | "source">): Movement => ({
  date: "2026-11-10",
  value: 15000,
  description: "",
  fitId: null,
  endToEndId: null,
  documents: [],
  open: true,
  ...over,
});

const E2E = "E1234567820261110120000000000001";

describe("sameMovement: feed × OFX by FITID", () => {
  const ofx = movement({ ref: 1, source: "ofx", fitId: "20261110-001" });
  it("the feed line whose institution id is the OFX FITID, same amount, is the same movement", () => {
    const feed = movement({ ref: 9, source: "feed", fitId: "20261110-001", date: "2026-11-11" });
    expect(sameMovement(feed, [ofx])).toEqual({ same: true, ref: 1, key: "fitId" });
  });
  it("and in the other order", () => {
    const feed = movement({ ref: 9, source: "feed", fitId: "20261110-001" });
    expect(sameMovement(ofx, [feed])).toEqual({ same: true, ref: 9, key: "fitId" });
  });
  it("the key with another amount is no match, said so", () => {
    const feed = movement({ ref: 9, source: "feed", fitId: "20261110-001", value: 15001 });
    expect(sameMovement(feed, [ofx])).toEqual({ same: false, reason: "keyValueDiffers", refs: [1] });
  });
  it("a placeholder FITID (zeros, blank) is no key", () => {
    const zeros = movement({ ref: 2, source: "ofx", fitId: "00000000" });
    const feed = movement({ ref: 9, source: "feed", fitId: "0" });
    expect(sameMovement(feed, [zeros])).toEqual({ same: false, reason: "none", refs: [] });
    expect(sameMovement(movement({ ref: 9, source: "feed", fitId: "  " }), [ofx]).same).toBe(false);
  });
  it("two lines of the same source are never paired (each source dedupes by its own key)", () => {
    const other = movement({ ref: 2, source: "ofx", fitId: "20261110-001" });
    expect(sameMovement(ofx, [other])).toEqual({ same: false, reason: "none", refs: [] });
  });
  it("a manual line or a Pix line is never paired by FITID", () => {
    const manual = movement({ ref: 3, source: "manual", fitId: "X1" });
    const pix = movement({ ref: 4, source: "pix", fitId: "X1" });
    expect(sameMovement(movement({ ref: 9, source: "feed", fitId: "X1" }), [manual, pix]).same).toBe(false);
  });
  it("a reconciled (not open) line is still found by its key", () => {
    const reconciled = { ...ofx, open: false };
    expect(sameMovement(movement({ ref: 9, source: "feed", fitId: "20261110-001" }), [reconciled]).same).toBe(
      true,
    );
  });
});

describe("sameMovement: feed × Pix by endToEndId", () => {
  const pix = movement({ ref: 5, source: "pix", endToEndId: E2E });
  it("the same endToEndId and amount, either order, case-insensitive", () => {
    const feed = movement({ ref: 9, source: "feed", endToEndId: E2E.toLowerCase() });
    expect(sameMovement(feed, [pix])).toEqual({ same: true, ref: 5, key: "endToEndId" });
    expect(sameMovement(pix, [feed])).toEqual({ same: true, ref: 9, key: "endToEndId" });
  });
  it("another amount is no match", () => {
    const feed = movement({ ref: 9, source: "feed", endToEndId: E2E, value: 100 });
    expect(sameMovement(feed, [pix]).same).toBe(false);
  });
  it("an OFX line is never paired with a Pix line", () => {
    const ofx = movement({ ref: 1, source: "ofx", endToEndId: E2E });
    expect(sameMovement(ofx, [pix]).same).toBe(false);
  });
});

describe("sameMovement: feed × CNAB credit by amount, window and document", () => {
  const credit = movement({
    ref: 70,
    source: "cnab",
    date: "2026-11-10",
    documents: ["00012345678", "NF 1001", "123.456.789-09"],
  });
  const feed = (over: Partial<Movement>) =>
    movement({ ref: 9, source: "feed", date: "2026-11-10", description: "CRED COBRANCA", ...over });

  it("the payer's CPF names it", () => {
    const line = feed({ documents: ["12345678909"] });
    expect(sameMovement(line, [credit])).toEqual({ same: true, ref: 70, key: "cnabCredit" });
    expect(sameMovement(credit, [line])).toEqual({ same: true, ref: 9, key: "cnabCredit" });
  });
  it("the nosso número in the line's description names it (leading zeros ignored)", () => {
    expect(sameMovement(feed({ description: "LIQ BOLETO 12345678 SACADO X" }), [credit]).same).toBe(true);
  });
  it("a short number in the description names nothing", () => {
    const short = movement({ ...credit, documents: ["123"] });
    expect(sameMovement(feed({ description: "LIQ 123" }), [short])).toMatchObject({ reason: "noDocument" });
  });
  it("the line's document equal to the title's document", () => {
    expect(sameMovement(feed({ documents: ["nf-1001"] }), [credit]).same).toBe(true);
  });
  it("without a document that agrees there is no match, said so", () => {
    expect(sameMovement(feed({ documents: ["99999999999"] }), [credit])).toEqual({
      same: false,
      reason: "noDocument",
      refs: [70],
    });
  });
  it("the window: up to two business days, a weekend not counted", () => {
    const docs = { documents: ["12345678909"] };
    // 2026-11-13 is a Friday: Monday 16 and Tuesday 17 are one and two business days after it.
    const friday = { ...credit, date: "2026-11-13" };
    expect(sameMovement(feed({ ...docs, date: "2026-11-17" }), [friday]).same).toBe(true);
    expect(sameMovement(feed({ ...docs, date: "2026-11-18" }), [friday]).same).toBe(false);
    expect(sameMovement(feed({ ...docs, date: "2026-11-11" }), [friday]).same).toBe(true);
    expect(sameMovement(feed({ ...docs, date: "2026-11-10" }), [friday]).same).toBe(false);
  });
  it("a debit, another amount, or a line no longer open is not paired by the window", () => {
    const docs = { documents: ["12345678909"] };
    expect(sameMovement(feed({ ...docs, value: -15000 }), [{ ...credit, value: -15000 }]).same).toBe(false);
    expect(sameMovement(feed({ ...docs, value: 15001 }), [credit]).same).toBe(false);
    expect(sameMovement(feed({ ...docs, open: false }), [credit]).same).toBe(false);
    expect(sameMovement(feed(docs), [{ ...credit, open: false }]).same).toBe(false);
  });
  it("two credits that fit are ambiguous: no match", () => {
    const twin = { ...credit, ref: 71 };
    expect(sameMovement(feed({ documents: ["12345678909"] }), [credit, twin])).toEqual({
      same: false,
      reason: "ambiguous",
      refs: [70, 71],
    });
  });
  it("an OFX line is never paired with a CNAB credit by the window", () => {
    const ofx = movement({ ref: 1, source: "ofx", documents: ["12345678909"] });
    expect(sameMovement(credit, [ofx]).same).toBe(false);
  });
});

describe("pairMovements", () => {
  it("two incoming movements naming one candidate are both left unpaired", () => {
    const credit = movement({ ref: 70, source: "cnab", documents: ["12345678909"] });
    const a = movement({ ref: 1, source: "feed", documents: ["12345678909"] });
    const b = movement({ ref: 2, source: "feed", documents: ["12345678909"] });
    const { pairs, unpaired } = pairMovements([a, b], [credit]);
    expect(pairs).toEqual([]);
    expect(unpaired.map((u) => [u.incoming.ref, u.reason])).toEqual([
      [1, "ambiguous"],
      [2, "ambiguous"],
    ]);
  });
  it("pairs each incoming movement with its own candidate", () => {
    const c1 = movement({ ref: 70, source: "cnab", documents: ["11111111111"] });
    const c2 = movement({ ref: 71, source: "cnab", documents: ["22222222222"] });
    const a = movement({ ref: 1, source: "feed", documents: ["22222222222"] });
    const b = movement({ ref: 2, source: "feed", documents: ["11111111111"] });
    expect(pairMovements([a, b], [c1, c2]).pairs.map((p) => [p.incoming.ref, p.ref])).toEqual([
      [1, 71],
      [2, 70],
    ]);
  });
});

describe("helpers", () => {
  it("documentKey drops punctuation and leading zeros, upper-cases", () => {
    expect(documentKey("012.345/0001-9x")).toBe("1234500019X");
  });
  it("businessDaysBetween counts business days after the first date, holidays aware", () => {
    expect(businessDaysBetween("2026-11-28", "2026-11-30")).toBe(1); // Saturday → Monday
    expect(businessDaysBetween("2026-11-19", "2026-11-23")).toBe(1); // Thursday → Monday, 20 Nov a holiday
    expect(businessDaysBetween("2026-11-30", "2026-11-28")).toBe(-1);
    expect(businessDaysBetween("2026-11-10", "2026-11-10")).toBe(0);
  });
  it("withinCreditWindow never reaches past a week", () => {
    expect(withinCreditWindow("2026-12-24", "2026-12-28")).toBe(true);
    expect(withinCreditWindow("2026-11-01", "2026-11-20")).toBe(false);
  });
});
