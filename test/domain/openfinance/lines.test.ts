import { describe, expect, it } from "vitest";
import type { FeedTransaction } from "../../../src/adapters/openfinance/types";
import type { KeyHolder } from "../../../src/db/openfinance";
import { movementKeys, planFeedLines } from "../../../src/domain/openfinance/lines";
import { OPENFINANCE_MESSAGES as M } from "../../../src/domain/openfinance/messages";

/**
 * The feed's plan of new lines against the lines another source already wrote (docs/OPEN-FINANCE.md,
 * "One movement, one line"): the keys a feed line carries and what the same key means.
 */

const E2E = "E00000000202611101200AbCdEfGhIjK";

const movement = (fields: Partial<FeedTransaction> & { id: string }): FeedTransaction => ({
  accountId: "acc-1",
  date: "2026-11-10",
  amountCents: 4_590,
  currency: "BRL",
  description: "PIX RECEBIDO",
  descriptionRaw: null,
  status: "POSTED",
  providerCode: null,
  providerId: null,
  operationType: null,
  paymentData: null,
  createdAt: "2026-11-10T12:00:00.000Z",
  updatedAt: "2026-11-10T12:00:00.000Z",
  ...fields,
});

const pix = (endToEndId: string) => ({
  method: "PIX",
  reference: endToEndId,
  endToEndId,
  receiverReference: null,
  reason: null,
  payer: null,
  receiver: null,
});

const upload = (id: number, fitId: string, value: number): KeyHolder => ({
  id,
  fitId,
  endToEndId: null,
  dedupeKey: `fit:${fitId}`,
  value,
});

describe("movementKeys", () => {
  it("the providerId trimmed, none when blank or zeros; the endToEndId as reported", () => {
    expect(movementKeys(movement({ id: "a", providerId: "  F-1 " }))).toEqual({
      fitId: "F-1",
      endToEndId: null,
    });
    expect(movementKeys(movement({ id: "b", providerId: "00000000" })).fitId).toBeNull();
    expect(movementKeys(movement({ id: "c", providerId: "   " })).fitId).toBeNull();
    expect(movementKeys(movement({ id: "d", paymentData: pix(E2E) })).endToEndId).toBe(E2E);
  });
});

describe("planFeedLines against other sources", () => {
  it("the same key and amount is the other source's line; another amount is noted and written by nobody", () => {
    const plan = planFeedLines(
      [
        movement({ id: "same", providerId: "F-1", amountCents: -4_590 }),
        movement({ id: "other", providerId: "F-2", amountCents: 12_100 }),
        movement({ id: "new", providerId: "F-3" }),
        movement({ id: "pix", paymentData: pix(E2E.toUpperCase()), amountCents: 1_500 }),
      ],
      [],
      "2026-11-29",
      [
        upload(1, "F-1", -4_590),
        upload(2, "F-2", 12_000),
        { id: 3, fitId: null, endToEndId: E2E, dedupeKey: `e2e:${E2E}`, value: 1_500 },
      ],
    );
    expect(plan.sameMovement).toBe(2);
    expect(plan.skipped).toEqual([M.keyValueDiffers("other")]);
    expect(plan.inserts.map((l) => [l.transactionId, l.fitId, l.endToEndId])).toEqual([["new", "F-3", null]]);
  });

  it("a movement whose key no other line holds is a new line carrying its keys", () => {
    const plan = planFeedLines(
      [movement({ id: "n", providerId: " F-9 ", paymentData: pix(E2E) })],
      [],
      "2026-11-29",
      [upload(1, "F-1", 4_590)],
    );
    expect(plan.sameMovement).toBe(0);
    expect(plan.inserts).toMatchObject([{ transactionId: "n", fitId: "F-9", endToEndId: E2E }]);
  });
});
