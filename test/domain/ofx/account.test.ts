import { describe, expect, it } from "vitest";
import { accountIdentity, type OfxAccount, sameAccount } from "../../../src/domain/ofx";

const file = (bankId: string | null, accountId: string, branchId: string | null = null): OfxAccount => ({
  bankId,
  branchId,
  accountId,
  accountType: "CHECKING",
});

describe("accountIdentity", () => {
  it.each([
    [file("0341", "1604812066"), { bankNumber: "341", branch: null, account: "1604812066" }],
    [file("001", "12345-X", "1234-1"), { bankNumber: "1", branch: "12341", account: "12345" }],
    [file("0237", "2713/8862"), { bankNumber: "237", branch: null, account: "27138862" }],
    [file("121099999", "999988"), { bankNumber: null, branch: null, account: "999988" }],
    [file(null, "5a238fcc-966b"), { bankNumber: null, branch: null, account: "5238966" }],
  ])("%j", (account, identity) => {
    expect(accountIdentity(account)).toEqual(identity);
  });

  it("is null without digits in ACCTID", () => {
    expect(accountIdentity(file("001", "XXXX-0000"))).toBeNull();
  });
});

describe("sameAccount", () => {
  it.each([
    // [case, file account, bank, agency, account, expected]
    ["Banco do Brasil, same number", file("001", "12345-6"), "001", "1234-1", "12345-6", true],
    ["BANKID 1 is bank 001", file("1", "54321-9", "1234-1"), "001", "1234", "54321-9", true],
    ["file without check digit", file("001", "12345"), "001", "1234", "12345-6", true],
    ["registry without check digit", file("001", "12345-6"), "001", "1234", "12345", true],
    ["check digit X", file("001", "12345-X"), "001", "1234", "12345-X", true],
    ["leading zeros", file("0104", "000123456"), "104", "0001", "123456", true],
    ["Itaú: agência in front of the account", file("0341", "1604812066"), "341", "1604", "81206-6", true],
    [
      "Itaú: agência with its check digit in the registry",
      file("0341", "1604812066"),
      "341",
      "1604-5",
      "81206-6",
      true,
    ],
    [
      "Santander: agência, zero padding, account",
      file("033", "0708087322507"),
      "033",
      "0708",
      "08732250-7",
      true,
    ],
    ["Bradesco: agência/conta", file("0237", "2713/8862"), "237", "2713", "8862", true],
    ["Nubank: BRANCHID is not compared", file("0260", "48562311-9", "4"), "260", "0001", "48562311-9", true],
    ["routing number instead of bank code", file("121099999", "999988"), "001", null, "999988", true],
    ["card without BANKID", file(null, "1234567890123456"), "260", null, "1234567890123456", true],
    ["other bank", file("0341", "12345-6"), "001", "1234", "12345-6", false],
    ["other account", file("001", "12345-6"), "001", "1234", "12346-6", false],
    ["accounts differing in the last digit", file("001", "123456"), "001", "1234", "123457", false],
    [
      "account is only a suffix, no agência registered",
      file("0341", "1604812066"),
      "341",
      null,
      "812066",
      false,
    ],
    ["account suffix after a different agência", file("0341", "1604812066"), "341", "1605", "81206-6", false],
    ["internal account 000", file("001", "12345-6"), "000", null, "12345-6", false],
    ["no registered account number", file("001", "12345-6"), "001", "1234", null, false],
    ["no account in the file", null, "001", "1234", "12345-6", false],
  ])("%s", (_, fileAccount, bank, agency, account, expected) => {
    expect(sameAccount(fileAccount, bank, agency, account)).toBe(expected);
  });
});
