import { describe, expect, it } from "vitest";
import {
  amountToCents,
  feedHealth,
  readItem,
  readTransaction,
  saoPauloDate,
} from "../../../src/adapters/openfinance/mapping";
import type { FeedItem } from "../../../src/adapters/openfinance/types";

/** A `Transaction` as Pluggy's API writes it (pluggy-node `Transaction`). */
const row = (extra: Record<string, unknown> = {}) => ({
  id: "5d6b9f9a-06aa-491f-926a-15ba46c6366d",
  accountId: "acc-1",
  date: "2026-11-02T03:00:00.000Z",
  description: "PIX RECEBIDO JOAO",
  descriptionRaw: "PIX RECEBIDO 12345678909 JOAO",
  currencyCode: "BRL",
  amount: 150.25,
  amountInAccountCurrency: null,
  balance: 1000,
  category: null,
  type: "CREDIT",
  status: "POSTED",
  providerCode: "123",
  providerId: "OF-TX-0001",
  operationType: "PIX",
  paymentData: {
    paymentMethod: "PIX",
    referenceNumber: "E00000000202611020300abcdefghijk",
    receiverReferenceId: "TituloReceber000000000000000042",
    reason: "pedido 42",
    payer: {
      name: "João",
      documentNumber: { type: "CPF", value: "12345678909" },
      routingNumberISPB: "00000000",
    },
    boletoMetadata: null,
  },
  createdAt: "2026-11-02T10:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
  ...extra,
});

describe("amounts to exact cents", () => {
  it.each([
    [150.25, 15025],
    [0.1, 10],
    [-7, -700],
    [1234567.89, 123456789],
    [0, 0],
    [-0, 0],
  ])("%s reais are %s cents", (value, cents) => {
    expect(amountToCents(value)).toEqual({ ok: true, cents });
  });

  it.each([12.345, 0.001, 1e-7, 1e21, Number.NaN, Number.POSITIVE_INFINITY, "10.00", null])(
    "refuses %s without rounding",
    (value) => {
      expect(amountToCents(value).ok).toBe(false);
    },
  );

  it("names the decimals it refused", () => {
    expect(amountToCents(12.345)).toEqual({
      ok: false,
      reason: "valor 12.345 com mais de duas casas decimais",
    });
  });
});

describe("dates in São Paulo", () => {
  it("reads the API's instant as the São Paulo calendar date", () => {
    expect(saoPauloDate("2026-11-02T03:00:00.000Z")).toBe("2026-11-02");
    // 01:30 UTC is still the day before in São Paulo (UTC-3)
    expect(saoPauloDate("2026-11-02T01:30:00.000Z")).toBe("2026-11-01");
    expect(saoPauloDate("2026-11-02T23:59:00-03:00")).toBe("2026-11-02");
    expect(saoPauloDate("2026-11-02")).toBe("2026-11-02");
  });

  it.each(["2026-02-30", "ontem", "", 20261102, null, "2026-11-02T03:00"])("refuses %s", (value) => {
    expect(saoPauloDate(value)).toBeNull();
  });
});

describe("a transaction of the API as a feed transaction", () => {
  it("maps every field, the sign from the type, the Pix endToEndId from the payment data", () => {
    const reading = readTransaction(row(), "acc-1");
    expect(reading).toEqual({
      ok: true,
      transaction: {
        id: "5d6b9f9a-06aa-491f-926a-15ba46c6366d",
        accountId: "acc-1",
        date: "2026-11-02",
        amountCents: 15025,
        currency: "BRL",
        description: "PIX RECEBIDO JOAO",
        descriptionRaw: "PIX RECEBIDO 12345678909 JOAO",
        status: "POSTED",
        providerCode: "123",
        providerId: "OF-TX-0001",
        operationType: "PIX",
        paymentData: {
          method: "PIX",
          reference: "E00000000202611020300abcdefghijk",
          endToEndId: "E00000000202611020300abcdefghijk",
          receiverReference: "TituloReceber000000000000000042",
          reason: "pedido 42",
          payer: {
            document: "12345678909",
            documentType: "CPF",
            name: "João",
            bankCode: null,
            ispb: "00000000",
            branch: null,
            account: null,
          },
          receiver: null,
        },
        createdAt: "2026-11-02T10:00:00.000Z",
        updatedAt: "2026-11-02T10:00:00.000Z",
      },
    });
  });

  it("signs a DEBIT negative whatever the amount's own sign, and defaults the status to POSTED", () => {
    for (const amount of [-80.5, 80.5]) {
      const reading = readTransaction(row({ type: "DEBIT", amount, status: undefined }));
      expect(reading.ok && reading.transaction).toMatchObject({ amountCents: -8050, status: "POSTED" });
    }
  });

  it("keeps a pending line pending and leaves endToEndId null for a TED or a reference of another shape", () => {
    const pending = readTransaction(row({ status: "PENDING" }));
    expect(pending.ok && pending.transaction.status).toBe("PENDING");
    const ted = readTransaction(
      row({ paymentData: { paymentMethod: "TED", referenceNumber: "E00000000202611020300abcdefghijk" } }),
    );
    expect(ted.ok && ted.transaction.paymentData?.endToEndId).toBeNull();
    const odd = readTransaction(row({ paymentData: { paymentMethod: "PIX", referenceNumber: "123" } }));
    expect(odd.ok && odd.transaction.paymentData).toMatchObject({ reference: "123", endToEndId: null });
  });

  it.each([
    [{ currencyCode: "USD" }, "currency", "moeda USD não aceita: só BRL"],
    [{ amount: 10.005 }, "amount", "valor 10.005 com mais de duas casas decimais"],
    [{ date: "amanhã" }, "date", "data ausente ou inválida"],
    [{ type: "TRANSFER" }, "shape", "tipo diferente de CREDIT/DEBIT"],
    [{ accountId: "acc-2" }, "shape", "de outra conta (acc-2)"],
    [{ status: "CANCELLED" }, "shape", "status CANCELLED"],
  ])("refuses %j as %s with its reason", (extra, kind, reason) => {
    const reading = readTransaction(row(extra), "acc-1");
    expect(reading).toEqual({
      ok: false,
      refusal: {
        id: "5d6b9f9a-06aa-491f-926a-15ba46c6366d",
        kind,
        reason: `transação 5d6b9f9a-06aa-491f-926a-15ba46c6366d: ${reason}`,
      },
    });
  });

  it("refuses a row without id", () => {
    expect(readTransaction({ ...row(), id: undefined })).toMatchObject({
      ok: false,
      refusal: { id: null, kind: "shape" },
    });
  });
});

describe("the item's health and what the user must do", () => {
  const NOW = Date.parse("2026-11-29T12:00:00Z");
  const item = (extra: Record<string, unknown> = {}): FeedItem =>
    readItem({
      id: "item-1",
      status: "UPDATED",
      executionStatus: "SUCCESS",
      error: null,
      statusDetail: null,
      connector: { name: "Banco Exemplo" },
      consentExpiresAt: "2027-11-01T00:00:00.000Z",
      ...extra,
    })!;

  it.each([
    [{}, "ok", true],
    [{ status: "UPDATING", executionStatus: "TRANSACTIONS_IN_PROGRESS" }, "updating", true],
    [{ status: "OUTDATED", executionStatus: "SITE_NOT_AVAILABLE" }, "outdated", true],
    [{ status: "LOGIN_ERROR", executionStatus: "INVALID_CREDENTIALS" }, "login_error", false],
    [{ status: "WAITING_USER_ACTION" }, "waiting_user", false],
    [{ consentExpiresAt: "2026-12-02T00:00:00.000Z" }, "consent_expiring", true],
    [{ consentExpiresAt: "2026-11-20T00:00:00.000Z" }, "consent_expired", false],
    [
      {
        executionStatus: "PARTIAL_SUCCESS",
        statusDetail: { transactions: { isUpdated: false, lastUpdatedAt: null } },
      },
      "partial",
      true,
    ],
  ])("%j is %s", (extra, state, readable) => {
    const health = feedHealth(item(extra), [], NOW);
    expect(health).toMatchObject({ state, readable });
    expect(health.action === null).toBe(state === "ok" || state === "updating");
  });

  it("a revoked latest consent wins over everything else", () => {
    const consents = [
      { id: "c1", itemId: "item-1", createdAt: "2026-01-01T00:00:00Z", expiresAt: null, revokedAt: null },
      {
        id: "c2",
        itemId: "item-1",
        createdAt: "2026-06-01T00:00:00Z",
        expiresAt: null,
        revokedAt: "2026-11-28T00:00:00Z",
      },
    ];
    expect(feedHealth(item(), consents, NOW)).toMatchObject({ state: "consent_revoked", readable: false });
  });

  it("the aggregator's own instructions are shown while the item waits for the user", () => {
    const waiting = item({
      status: "WAITING_USER_ACTION",
      userAction: { instructions: "Autorize no app do banco", type: "authorize-access" },
    });
    expect(feedHealth(waiting, [], NOW).action).toBe("Autorize no app do banco");
  });
});
