import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseOfxAmount } from "../../src/domain/ofx/amounts";
import { parseMoneyCell } from "../../src/domain/sku/money-cell";
import { moneyBody } from "../../src/http/schemas";
import {
  formatCents,
  fromBasisPoints,
  fromCents,
  hasAtMostTwoDecimals,
  MAX_AMOUNT,
  parseDecimalToCents,
  toBasisPoints,
  toCents,
} from "../../src/lib/money";
import { useSeed } from "../support/replay";

useSeed();

/** R$ 999,999,999,999.99 in cents: the largest amount the API accepts. */
const MAX_CENTS = 99_999_999_999_999n;

/** Cents over the whole range, every magnitude equally likely (1 to 14 digits), and the bounds. */
const centsArb = fc
  .oneof(
    fc.bigInt(0n, MAX_CENTS),
    fc
      .integer({ min: 1, max: 14 })
      .chain((digits) => fc.bigInt(10n ** BigInt(digits - 1), 10n ** BigInt(digits) - 1n)),
    fc.constantFrom(0n, 1n, 99n, 100n, MAX_CENTS - 1n, MAX_CENTS),
  )
  .map(Number);

/** Thousandths of a real over the whole range whose third decimal is not zero. */
const millsArb = fc
  .oneof(
    fc.bigInt(0n, MAX_CENTS * 10n + 9n),
    fc
      .integer({ min: 1, max: 15 })
      .chain((digits) => fc.bigInt(10n ** BigInt(digits - 1), 10n ** BigInt(digits) - 1n)),
  )
  .filter((mills) => mills % 10n !== 0n);

/** The text a client writes for `units` with `places` decimals: `1234.5` for (12345, 1), `0.05` for (5, 2). */
function decimalText(units: bigint | number, places: number, mark = "."): string {
  const digits = String(units).padStart(places + 1, "0");
  return `${digits.slice(0, -places)}${mark}${digits.slice(-places)}`;
}

/** What JSON.parse makes of that text: the number the API receives. */
const asJson = (text: string) => JSON.parse(text) as number;

const RUNS = { numRuns: 2000 };

describe("hasAtMostTwoDecimals and toCents (JSON amounts)", () => {
  it.each([134218180.73, 622255991.19, 999999999999.99, 123456789012.34, 0.01, 0.1, 0.29, 1.005e2, 1e3, 0])(
    "accepts %d and reads its exact cents",
    (value) => {
      expect(hasAtMostTwoDecimals(value)).toBe(true);
      expect(hasAtMostTwoDecimals(-value)).toBe(true);
      expect(toCents(value)).toBe(Math.round(Number(String(value)) * 100));
    },
  );

  it("reads the amounts a float tolerance refused as their exact cents", () => {
    expect(toCents(134218180.73)).toBe(13421818073);
    expect(toCents(622255991.19)).toBe(62225599119);
    expect(toCents(-622255991.19)).toBe(-62225599119);
    expect(toCents(999999999999.99)).toBe(99999999999999);
  });

  it.each([0.125, 0.001, 1.005, 134218180.731, 999999999999.999, 1e-7, 5e-324, -0.015])(
    "refuses %d",
    (value) => {
      expect(hasAtMostTwoDecimals(value)).toBe(false);
    },
  );

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("refuses %d", (value) => {
    expect(hasAtMostTwoDecimals(value)).toBe(false);
  });

  it("treats numbers written with an exponent by their decimals", () => {
    expect(hasAtMostTwoDecimals(1e21)).toBe(true);
    expect(hasAtMostTwoDecimals(1.5e-5)).toBe(false);
    expect(toCents(1.5e3)).toBe(150000);
    expect(toCents(-0)).toBe(0);
    expect(Object.is(toCents(-0), -0)).toBe(false);
  });

  it("every amount with two decimals up to the maximum is accepted and round-trips to the same cents", () => {
    fc.assert(
      fc.property(centsArb, fc.boolean(), (cents, negative) => {
        const signed = negative && cents !== 0 ? -cents : cents;
        const text = `${negative && cents !== 0 ? "-" : ""}${decimalText(cents, 2)}`;
        const value = asJson(text);
        expect(hasAtMostTwoDecimals(value)).toBe(true);
        expect(toCents(value)).toBe(signed);
        // back out as JSON: the same number, written as the client wrote it (trailing zeros aside)
        expect(fromCents(signed)).toBe(value);
        expect(JSON.stringify(fromCents(signed))).toBe(String(value));
        expect(Number(formatCents(signed))).toBe(value);
      }),
      RUNS,
    );
  });

  it("every amount with a third decimal is refused", () => {
    fc.assert(
      fc.property(millsArb, fc.boolean(), (mills, negative) => {
        const value = asJson(`${negative ? "-" : ""}${decimalText(mills, 3)}`);
        expect(hasAtMostTwoDecimals(value)).toBe(false);
      }),
      RUNS,
    );
  });
});

describe("moneyBody (request bodies)", () => {
  const schema = moneyBody("Value", { allowNegative: true });

  it("turns every two-decimal amount up to the maximum into its cents", () => {
    fc.assert(
      fc.property(centsArb, fc.boolean(), (cents, negative) => {
        const text = `${negative && cents !== 0 ? "-" : ""}${decimalText(cents, 2)}`;
        expect(schema.safeParse(asJson(text))).toEqual({
          success: true,
          data: negative && cents !== 0 ? -cents : cents,
        });
      }),
      RUNS,
    );
  });

  it("refuses every amount with a third decimal with the spec message", () => {
    fc.assert(
      fc.property(millsArb, (mills) => {
        const result = schema.safeParse(asJson(decimalText(mills, 3)));
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((issue) => issue.message)).toContain(
          "Value aceita no máximo 2 casas decimais",
        );
      }),
      RUNS,
    );
  });

  it("refuses a cent above the maximum and accepts the maximum", () => {
    expect(schema.safeParse(MAX_AMOUNT)).toEqual({ success: true, data: 99999999999999 });
    const above = schema.safeParse(1_000_000_000_000);
    expect(above.error?.issues.map((issue) => issue.message)).toEqual([
      "Value excede o valor máximo permitido",
    ]);
  });
});

describe("parseDecimalToCents, parseOfxAmount and parseMoneyCell (file amounts)", () => {
  it("every two-decimal amount up to the maximum, with a dot or a comma, is its exact cents", () => {
    fc.assert(
      fc.property(centsArb, fc.constantFrom(".", ","), (cents, mark) => {
        const text = decimalText(cents, 2, mark);
        expect(parseDecimalToCents(text)).toBe(cents);
        expect(parseDecimalToCents(`-${text}`)).toBe(cents === 0 ? -0 : -cents);
        expect(parseOfxAmount(text)).toBe(cents);
        expect(parseOfxAmount(`-${text}`)).toBe(cents === 0 ? 0 : -cents);
        expect(parseMoneyCell(text)).toBe(cents);
        expect(parseMoneyCell(`R$ ${text}`)).toBe(cents);
      }),
      RUNS,
    );
  });

  it("a spreadsheet cell with a third decimal is refused", () => {
    fc.assert(
      fc.property(millsArb, fc.constantFrom(".", ","), (mills, mark) => {
        // 1.234 and 1,234 read as thousands are refused as ambiguous too: null either way
        expect(parseMoneyCell(decimalText(mills, 3, mark))).toBeNull();
      }),
      RUNS,
    );
  });

  it("an OFX amount with a third decimal rounds half away from zero, by its digits", () => {
    fc.assert(
      fc.property(
        millsArb.filter((mills) => mills <= MAX_CENTS * 10n),
        (mills) => {
          const text = decimalText(mills, 3);
          const rounded = Number((mills + 5n) / 10n);
          expect(parseOfxAmount(text)).toBe(rounded);
          expect(parseOfxAmount(`-${text}`)).toBe(rounded === 0 ? 0 : -rounded);
        },
      ),
      RUNS,
    );
  });

  it("amounts beyond the maximum are refused in files", () => {
    expect(parseOfxAmount("1000000000000.00")).toBeNull();
    expect(parseMoneyCell("1000000000000,00")).toBeNull();
    expect(parseOfxAmount("999999999999.99")).toBe(99999999999999);
    expect(parseMoneyCell("999.999.999.999,99")).toBe(99999999999999);
  });
});

describe("formatCents", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [150000, "1500.00"],
    [-1, "-0.01"],
    [-123456, "-1234.56"],
    [99999999999999, "999999999999.99"],
  ])("%d cents read %s", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe("toBasisPoints and fromBasisPoints (percent rates)", () => {
  it("reads every percent of 0 to 100 with two decimals as its exact basis points, and back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (basisPoints) => {
        const percent = Number((basisPoints / 100).toFixed(2));
        expect(toBasisPoints(percent)).toBe(basisPoints);
        expect(toBasisPoints(percent)).toBe(toCents(percent));
        expect(fromBasisPoints(basisPoints)).toBe(percent);
      }),
    );
  });

  it.each([
    [18, 1800],
    [1.65, 165],
    [7.6, 760],
    [0.1, 10],
    [2.99, 299],
    [100, 10_000],
  ])("%d %% is %d basis points", (percent, basisPoints) => {
    expect(toBasisPoints(percent)).toBe(basisPoints);
    expect(fromBasisPoints(basisPoints)).toBe(percent);
  });
});
