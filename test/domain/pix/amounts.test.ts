import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToPixAmount, PIX_MAX_CENTS, pixAmountToCents } from "../../../src/domain/pix/amounts";
import { useSeed } from "../../support/replay";

useSeed();

describe("API Pix amounts (decimal strings \\d{1,10}.\\d{2}) and cents", () => {
  it("reads exact cents, with no float on the way", () => {
    expect(pixAmountToCents("123.45")).toBe(12345);
    expect(pixAmountToCents("0.01")).toBe(1);
    expect(pixAmountToCents("0.00")).toBe(0);
    expect(pixAmountToCents("0.29")).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(pixAmountToCents("1.10")).toBe(110);
    expect(pixAmountToCents("9999999999.99")).toBe(PIX_MAX_CENTS);
    expect(pixAmountToCents("0000000001.00")).toBe(100);
  });

  it("rejects every text that is not the API's pattern", () => {
    for (const text of [
      "",
      "123",
      "123.4",
      "123.456",
      ".45",
      "123.",
      "1,00",
      "1.000,00",
      "-1.00",
      "+1.00",
      " 1.00",
      "1.00 ",
      "1e3",
      "1.0e2",
      "12345678901.00",
      "NaN",
      "Infinity",
      "１.００",
      "0x1.00",
    ]) {
      expect(pixAmountToCents(text), text).toBeNull();
    }
  });

  it("writes cents as the API's decimal string, and refuses what it cannot write", () => {
    expect(centsToPixAmount(12345)).toBe("123.45");
    expect(centsToPixAmount(1)).toBe("0.01");
    expect(centsToPixAmount(0)).toBe("0.00");
    expect(centsToPixAmount(100)).toBe("1.00");
    expect(centsToPixAmount(PIX_MAX_CENTS)).toBe("9999999999.99");
    for (const cents of [-1, 0.5, PIX_MAX_CENTS + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(centsToPixAmount(cents), String(cents)).toBeNull();
    }
  });

  it("round-trips every amount of the range", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PIX_MAX_CENTS }), (cents) => {
        const text = centsToPixAmount(cents);
        expect(text).toMatch(/^\d{1,10}\.\d{2}$/);
        expect(pixAmountToCents(text ?? "")).toBe(cents);
      }),
    );
  });
});
