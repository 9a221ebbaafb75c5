import { describe, expect, it } from "vitest";
import {
  constantTimeEqual,
  parseWebhook,
  verifyWebhookSecret,
  WEBHOOK_SECRET_HEADER,
} from "../../../src/adapters/openfinance/webhook";

const SECRET = "f3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

describe("authenticating Pluggy's notifications by the header given at the webhook's creation", () => {
  it("accepts the current secret and, while rotating, the previous one", () => {
    expect(verifyWebhookSecret(new Headers({ [WEBHOOK_SECRET_HEADER]: SECRET }), [SECRET])).toEqual({
      ok: true,
    });
    expect(verifyWebhookSecret({ "x-feed-webhook-secret": "old" }, [SECRET, "old"])).toEqual({ ok: true });
  });

  it("refuses a missing header, another value, a prefix and an empty configured secret", () => {
    expect(verifyWebhookSecret(new Headers(), [SECRET])).toEqual({ ok: false, reason: "missing" });
    expect(verifyWebhookSecret({ [WEBHOOK_SECRET_HEADER]: "wrong" }, [SECRET])).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(verifyWebhookSecret({ [WEBHOOK_SECRET_HEADER]: SECRET.slice(0, 10) }, [SECRET])).toMatchObject({
      ok: false,
    });
    expect(verifyWebhookSecret({ [WEBHOOK_SECRET_HEADER]: `${SECRET}x` }, [SECRET])).toMatchObject({
      ok: false,
    });
    expect(verifyWebhookSecret({ [WEBHOOK_SECRET_HEADER]: "x" }, [""])).toMatchObject({ ok: false });
  });

  it("compares texts whole", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abd")).toBe(false);
    expect(constantTimeEqual("abc", "ab")).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
  });
});

describe("reading a notification", () => {
  const body = (payload: Record<string, unknown>) => JSON.stringify(payload);

  it("reads transactions/created with the instant to read from", () => {
    const parsed = parseWebhook(
      body({
        event: "transactions/created",
        eventId: "ev-1",
        id: "ev-1",
        itemId: "item-1",
        accountId: "acc-1",
        transactionsCreatedAtFrom: "2026-11-29T10:00:00.000Z",
        createdTransactionsLink:
          "https://api.pluggy.ai/transactions?accountId=acc-1&createdAtFrom=2026-11-29T10:00:00.000Z",
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      event: {
        kind: "transactions_created",
        eventId: "ev-1",
        itemId: "item-1",
        accountId: "acc-1",
        createdAtFrom: "2026-11-29T10:00:00.000Z",
      },
    });
  });

  it("reads transactions/updated and transactions/deleted with their ids (each once)", () => {
    for (const event of ["transactions/updated", "transactions/deleted"]) {
      const parsed = parseWebhook(
        body({
          event,
          eventId: "ev-2",
          clientId: "cli",
          itemId: "item-1",
          accountId: "acc-1",
          transactionIds: ["t1", "t2", "t1"],
        }),
        { clientId: "cli" },
      );
      expect(parsed).toEqual({
        ok: true,
        event: {
          kind: "transactions_changed",
          event,
          eventId: "ev-2",
          itemId: "item-1",
          accountId: "acc-1",
          transactionIds: ["t1", "t2"],
        },
      });
    }
  });

  it("reads item/error with its error (the login error) and item/updated", () => {
    expect(
      parseWebhook(
        body({
          event: "item/error",
          eventId: "ev-3",
          itemId: "item-1",
          error: { code: "INVALID_CREDENTIALS", message: "Invalid credentials" },
          triggeredBy: "SYNC",
        }),
      ),
    ).toEqual({
      ok: true,
      event: {
        kind: "item",
        event: "item/error",
        eventId: "ev-3",
        itemId: "item-1",
        error: { code: "INVALID_CREDENTIALS", message: "Invalid credentials" },
        triggeredBy: "SYNC",
      },
    });
    expect(parseWebhook(body({ event: "item/updated", eventId: "ev-4", itemId: "item-1" }))).toMatchObject({
      ok: true,
      event: { kind: "item", event: "item/updated", error: null, triggeredBy: null },
    });
  });

  it("acknowledges events the feed does not act on", () => {
    expect(
      parseWebhook(body({ event: "connector/status_updated", eventId: "ev-5", data: { status: "ONLINE" } })),
    ).toEqual({
      ok: true,
      event: { kind: "ignored", event: "connector/status_updated", eventId: "ev-5" },
    });
  });

  it.each([
    ["not JSON", "{", "notificação não é JSON"],
    ["an array", "[]", "notificação não é um objeto"],
    ["no event", body({ eventId: "e" }), "notificação sem event"],
    ["no eventId", body({ event: "item/updated", itemId: "i" }), "notificação sem eventId"],
    [
      "another application",
      body({ event: "item/updated", eventId: "e", itemId: "i", clientId: "other" }),
      "notificação de outra aplicação (clientId)",
    ],
    ["no itemId", body({ event: "item/error", eventId: "e" }), "item/error sem itemId"],
    [
      "no accountId",
      body({ event: "transactions/deleted", eventId: "e", itemId: "i", transactionIds: ["t"] }),
      "transactions/deleted sem itemId ou accountId",
    ],
    [
      "no ids",
      body({ event: "transactions/updated", eventId: "e", itemId: "i", accountId: "a", transactionIds: [] }),
      "transactions/updated sem transactionIds",
    ],
    [
      "a bad instant",
      body({
        event: "transactions/created",
        eventId: "e",
        itemId: "i",
        accountId: "a",
        transactionsCreatedAtFrom: "x",
      }),
      "transactions/created sem transactionsCreatedAtFrom",
    ],
    ["too large", " ".repeat(300 * 1024), "notificação grande demais"],
  ])("refuses %s", (_, raw, reason) => {
    expect(parseWebhook(raw, { clientId: "cli" })).toEqual({ ok: false, reason });
  });
});
