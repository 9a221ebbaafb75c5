import { describe, expect, it } from "vitest";
import { PAYABLE, RECEIVABLE } from "../../../src/domain/titles/kinds";
import {
  assertPaymentFits,
  openValueForNewValue,
  paymentDateTime,
  paymentEntryDescription,
  statusName,
} from "../../../src/domain/titles/rules";

describe("statusName", () => {
  it.each([
    [PAYABLE, 1, "Aberto"],
    [PAYABLE, 2, "Parcialmente pago"],
    [PAYABLE, 3, "Pago"],
    [RECEIVABLE, 1, "Aberto"],
    [RECEIVABLE, 2, "Parcialmente recebido"],
    [RECEIVABLE, 3, "Recebido"],
    [PAYABLE, 0, ""],
  ])("%#: status %i", (kind, status, name) => {
    expect(statusName(kind, status)).toBe(name);
  });
});

describe("payment entry", () => {
  it.each([
    [PAYABLE, "Aluguel", "Pagamento Aluguel"],
    [RECEIVABLE, "Venda 7", "Recebimento Venda 7"],
  ])("%#: describes the entry", (kind, title, description) => {
    expect(paymentEntryDescription(kind, title)).toBe(description);
  });

  it("is dated at the start of the payment day", () => {
    expect(paymentDateTime("2026-03-05")).toBe("2026-03-05 00:00:00");
  });
});

describe("assertPaymentFits", () => {
  it.each([
    [PAYABLE, 100, 100, null],
    [PAYABLE, 1, 100, null],
    [PAYABLE, 101, 100, "Valor do pagamento 1.01 maior que o valor em aberto 1.00 da conta a pagar"],
    [RECEIVABLE, 5, 0, "Valor do recebimento 0.05 maior que o valor em aberto 0.00 da conta a receber"],
  ])("%#: %i against %i open", (kind, value, open, message) => {
    const run = () => assertPaymentFits(kind, value, open);
    if (message === null) expect(run).not.toThrow();
    else expect(run).toThrow(message);
  });
});

describe("openValueForNewValue", () => {
  it.each([
    [{ value: 10_000, openValue: 10_000 }, 5_000, 5_000],
    [{ value: 10_000, openValue: 6_000 }, 15_000, 11_000],
    [{ value: 10_000, openValue: 6_000 }, 4_000, 0],
    [{ value: 10_000, openValue: 0 }, 12_000, 2_000],
  ])("%#: keeps what was paid", (title, newValue, open) => {
    expect(openValueForNewValue(PAYABLE, title, newValue)).toBe(open);
  });

  it.each([
    [PAYABLE, "Valor 39.99 menor que o valor já pago 40.00 da conta a pagar"],
    [RECEIVABLE, "Valor 39.99 menor que o valor já recebido 40.00 da conta a receber"],
  ])("%#: refuses a value below what was paid", (kind, message) => {
    expect(() => openValueForNewValue(kind, { value: 10_000, openValue: 6_000 }, 3_999)).toThrow(message);
  });
});
