import { describe, expect, it } from "vitest";
import { isNossoNumero, nossoNumeroKey, TX_ID_PATTERN } from "../../../src/domain/titles/collection-keys";

describe("nosso número", () => {
  it("is 1 to 20 digits, not all zeros", () => {
    for (const ok of ["1", "0001", "12345678901234567890", "00000000000000000001"])
      expect(isNossoNumero(ok), ok).toBe(true);
    for (const bad of ["", "0", "0000", "123456789012345678901", "12a", " 12", "12 ", "1.2", "-1", "１２"])
      expect(isNossoNumero(bad), bad).toBe(false);
  });

  it("is compared without its leading zeros", () => {
    expect(nossoNumeroKey("000123")).toBe("123");
    expect(nossoNumeroKey("1230")).toBe("1230");
    expect(nossoNumeroKey("100")).toBe("100");
    expect(nossoNumeroKey("00000000000000000001")).toBe("1");
  });
});

describe("txid", () => {
  it("is 26 to 35 letters or digits", () => {
    for (const ok of ["a".repeat(26), `${"Z9".repeat(17)}x`, "0123456789abcdefghijABCDEFGHIJ"])
      expect(TX_ID_PATTERN.test(ok), ok).toBe(true);
    for (const bad of [
      "a".repeat(25),
      "a".repeat(36),
      `${"a".repeat(29)}-`,
      `${"a".repeat(29)}ç`,
      `${"a".repeat(29)} `,
    ])
      expect(TX_ID_PATTERN.test(bad), bad).toBe(false);
  });
});
