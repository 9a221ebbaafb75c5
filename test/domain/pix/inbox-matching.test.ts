import { describe, expect, it } from "vitest";
import type { ReceivedPix } from "../../../src/adapters/pix/types";
import { inboxLinesOf, payerDocumentOf, pixLineKey } from "../../../src/domain/pix/inbox-lines";
import {
  dueDateRange,
  type InboxLine,
  matchReceivedPix,
  PIX_DUE_WINDOW_DAYS,
  type TitleCandidate,
} from "../../../src/domain/pix/matching";

const received = (over: Partial<ReceivedPix> = {}): ReceivedPix => ({
  endToEndId: "E00000000202611201500AAAAAAAAAAA",
  txid: null,
  amountCents: 1_000,
  at: "2026-11-20T15:00:00Z",
  payer: null,
  payerInfo: null,
  refunds: [],
  ...over,
});

const line = (over: Partial<InboxLine> = {}): InboxLine => ({
  endToEndId: "E1",
  dedupeKey: "e2e:E1",
  txId: null,
  value: 1_000,
  date: "2026-11-20",
  dateTime: "2026-11-20 12:00:00",
  description: "Pix recebido",
  payerDocument: null,
  payerName: null,
  ...over,
});

const title = (over: Partial<TitleCandidate> = {}): TitleCandidate => ({
  id: 1,
  txId: null,
  status: 1,
  openValue: 1_000,
  dueDate: "2026-11-20",
  description: "Título",
  document: null,
  consumerDocument: null,
  ...over,
});

describe("received Pix as bank lines", () => {
  it("dates each Pix in the company's zone, keys it by endToEndId and names the payer", () => {
    const [only] = inboxLinesOf(
      [
        received({
          at: "2026-11-21T01:30:00Z",
          payer: { document: "123.456.789-09", name: " Ana " },
          txid: "T1",
        }),
      ],
      "America/Sao_Paulo",
    );
    expect(only).toEqual({
      endToEndId: "E00000000202611201500AAAAAAAAAAA",
      dedupeKey: pixLineKey("E00000000202611201500AAAAAAAAAAA"),
      txId: "T1",
      value: 1_000,
      date: "2026-11-20",
      dateTime: "2026-11-20 22:30:00",
      description: "Pix recebido Ana",
      payerDocument: "12345678909",
      payerName: "Ana",
    });
  });

  it("keeps one line per endToEndId, leaves out Pix of zero cents, and sorts by time", () => {
    const lines = inboxLinesOf(
      [
        received({ endToEndId: "B", at: "2026-11-20T16:00:00Z" }),
        received({ endToEndId: "A", at: "2026-11-20T15:00:00Z" }),
        received({ endToEndId: "B", at: "2026-11-20T16:00:00Z" }),
        received({ endToEndId: "Z", amountCents: 0 }),
      ],
      "UTC",
    );
    expect(lines.map((l) => l.endToEndId)).toEqual(["A", "B"]);
  });

  it("reads CPF and CNPJ (alphanumeric too) without punctuation; masked or odd documents are unknown", () => {
    expect(payerDocumentOf("12345678909")).toBe("12345678909");
    expect(payerDocumentOf("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(payerDocumentOf("***.456.789-**")).toBeNull();
    expect(payerDocumentOf("1234567890")).toBeNull();
    expect(payerDocumentOf("")).toBeNull();
    expect(payerDocumentOf(undefined)).toBeNull();
  });
});

describe("matching", () => {
  it("by txid: settles up to the open value; above it or on a paid title the line stays pending", () => {
    const charged = title({ id: 7, txId: "T", openValue: 1_000 });
    const plan = matchReceivedPix(
      [
        line({ dedupeKey: "a", txId: "T", value: 400 }),
        line({ dedupeKey: "b", txId: "T", value: 700 }),
        line({ dedupeKey: "c", txId: "T", value: 600 }),
        line({ dedupeKey: "d", txId: "P", value: 1 }),
      ],
      [charged, title({ id: 8, txId: "P", status: 3, openValue: 0 })],
      [],
    );
    expect(plan.matches.map((m) => [m.dedupeKey, m.titleId, m.value, m.by])).toEqual([
      ["a", 7, 400, "txid"],
      ["c", 7, 600, "txid"],
    ]);
    expect(plan.pending).toEqual([
      { dedupeKey: "b", reason: "overpaid" },
      { dedupeKey: "d", reason: "titlePaid" },
    ]);
  });

  it("by payer: exactly one title with that open value due within the window", () => {
    const doc = "12345678909";
    const inWindow = title({ id: 1, consumerDocument: doc, dueDate: "2026-11-30" });
    const outside = title({ id: 2, consumerDocument: doc, dueDate: "2026-12-01" });
    expect(PIX_DUE_WINDOW_DAYS).toBe(10);
    const plan = matchReceivedPix([line({ payerDocument: doc })], [], [inWindow, outside]);
    expect(plan.matches).toMatchObject([{ titleId: 1, by: "document" }]);
    const ambiguous = matchReceivedPix(
      [line({ payerDocument: doc })],
      [],
      [inWindow, title({ id: 3, consumerDocument: doc, dueDate: "2026-11-10" })],
    );
    expect(ambiguous).toEqual({ matches: [], pending: [{ dedupeKey: "e2e:E1", reason: "ambiguous" }] });
    const none = matchReceivedPix([line({ payerDocument: doc, value: 999 })], [], [inWindow]);
    expect(none.pending).toEqual([{ dedupeKey: "e2e:E1", reason: "noTitle" }]);
  });

  it("a title settled by a Pix is not taken again by the next one", () => {
    const doc = "12345678909";
    const plan = matchReceivedPix(
      [line({ dedupeKey: "a", payerDocument: doc }), line({ dedupeKey: "b", payerDocument: doc })],
      [],
      [title({ id: 1, consumerDocument: doc })],
    );
    expect(plan.matches.map((m) => m.dedupeKey)).toEqual(["a"]);
    expect(plan.pending).toEqual([{ dedupeKey: "b", reason: "noTitle" }]);
  });

  it("the due-date range of the candidates spans the lines' dates and the window", () => {
    expect(dueDateRange([])).toBeNull();
    expect(dueDateRange([line({ date: "2026-11-20" }), line({ date: "2026-11-02" })])).toEqual({
      from: "2026-10-23",
      to: "2026-11-30",
    });
  });
});
