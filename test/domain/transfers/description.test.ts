import { describe, expect, it } from "vitest";
import { accountLabel, legDescription, transferText } from "../../../src/domain/transfers/description";

describe("transfer descriptions", () => {
  const table: [string | null | undefined, { bank: string; accountNumber: string | null }, string][] = [
    [
      undefined,
      { bank: "Banco do Brasil", accountNumber: "12345-6" },
      "Transferência entre contas Banco do Brasil 12345-6",
    ],
    ["   ", { bank: "Itaú", accountNumber: "9876-5" }, "Transferência entre contas Itaú 9876-5"],
    [" Aporte ", { bank: "Caixa interno", accountNumber: null }, "Aporte Caixa interno"],
    ["Aporte", { bank: " Nubank ", accountNumber: "  " }, "Aporte Nubank"],
  ];
  for (const [text, account, expected] of table) {
    it(expected, () => expect(legDescription(transferText(text), account)).toBe(expected));
  }
  it("labels an account by bank and number", () => {
    expect(accountLabel({ bank: "Sicoob", accountNumber: "1-0" })).toBe("Sicoob 1-0");
  });
});
