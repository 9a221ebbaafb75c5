import { describe, expect, it } from "vitest";
import {
  candidateKeys,
  NO_RETURN_COUNTS,
  planChunk,
  type ReturnTitle,
} from "../../../src/domain/bank-returns/apply-plan";
import type { ReturnRecord } from "../../../src/domain/bank-returns/types";

/** The plan of a chunk of return records, without a database (the HTTP tests cover the writes). */

const ACCOUNT = 7;

function record(fields: Partial<ReturnRecord> & { nn?: string | null }): ReturnRecord {
  const nn = fields.nn === undefined ? "0001234565" : fields.nn;
  const normalised = nn?.replace(/^0+/, "") ?? "";
  return {
    line: 3,
    nossoNumero:
      nn === null
        ? null
        : {
            inFile: nn,
            normalised,
            withoutCheckDigit: normalised.slice(0, -1) || null,
            checkDigit: "checkDigitLast",
          },
    occurrenceCode: "06",
    kind: "liquidation",
    rejectionReasons: [],
    titleValueCents: 10_000,
    paidCents: 10_000,
    interestCents: 0,
    discountCents: 0,
    abatementCents: 0,
    otherCreditsCents: 0,
    tariffCents: 0,
    dueDate: "2026-02-20",
    occurrenceDate: "2026-02-27",
    creditDate: "2026-03-02",
    documentNumber: null,
    companyReference: null,
    ...fields,
  };
}

function title(fields: Partial<ReturnTitle>): ReturnTitle {
  return {
    id: 1,
    key: "123456",
    bankAccountId: ACCOUNT,
    value: 10_000,
    openValue: 10_000,
    status: 1,
    description: "Venda",
    document: null,
    ...fields,
  };
}

const plan = (records: ReturnRecord[], titles: ReturnTitle[], recorded: string[] = []) =>
  planChunk(
    records,
    { bankAccountId: ACCOUNT, generatedOn: null, titles, recorded: new Set(recorded) },
    NO_RETURN_COUNTS,
  );

describe("candidateKeys", () => {
  it("offers the number as read, then without its last digit", () => {
    expect(candidateKeys(record({}))).toEqual(["1234565", "123456"]);
    expect(candidateKeys(record({ nn: null }))).toEqual([]);
  });
});

describe("planChunk", () => {
  it("matches the number as read before the number without its check digit, the account's title first", () => {
    const withDv = title({ id: 1, key: "1234565", bankAccountId: null });
    const withoutDv = title({ id: 2, key: "123456" });
    expect(plan([record({})], [withoutDv, withDv]).settlements).toEqual([
      { titleId: 1, expectedOpen: 10_000, delta: 10_000 },
    ]);
    const noAccount = title({ id: 3, key: "123456", bankAccountId: null });
    expect(plan([record({})], [noAccount, withoutDv]).settlements.map((s) => s.titleId)).toEqual([2]);
  });

  it("two liquidations of one title in a chunk add up into one settlement of what was read", () => {
    const p = plan(
      [record({ paidCents: 4_000 }), record({ line: 5, paidCents: 6_000, creditDate: "2026-03-03" })],
      [title({ key: "123456" })],
    );
    expect(p.settlements).toEqual([{ titleId: 1, expectedOpen: 10_000, delta: 10_000 }]);
    expect(p.counts).toMatchObject({ settled: 2 });
    expect(p.entries.map((e) => e.value)).toEqual([4_000, 6_000]);
  });

  it("an occurrence already recorded, or repeated in the chunk, writes nothing", () => {
    const p = plan([record({}), record({ line: 5 })], [title({})], []);
    expect(p.counts).toMatchObject({ settled: 1, alreadySettled: 1 });
    const again = plan([record({})], [title({})], ["123456|06|2026-03-02"]);
    expect(again).toMatchObject({ history: [], entries: [], settlements: [] });
    expect(again.counts).toMatchObject({ alreadySettled: 1 });
  });

  it("interest is its own entry, discount closes the title, a tariff goes out", () => {
    const p = plan(
      [record({ paidCents: 10_000 + 300 - 500, interestCents: 300, discountCents: 500, tariffCents: 200 })],
      [title({})],
    );
    expect(p.entries.map((e) => [e.typeAccount, e.value, e.titleId])).toEqual([
      [0, 9_500, 1],
      [0, 300, null],
      [1, 200, null],
    ]);
    expect(p.settlements).toEqual([{ titleId: 1, expectedOpen: 10_000, delta: 10_000 }]);
    expect(p.counts).toEqual({ ...NO_RETURN_COUNTS, settled: 1, tariffs: 1 });
  });

  it("a tariff occurrence without a tariff, and the other history kinds, count as ignored", () => {
    const p = plan(
      [
        record({ kind: "tariff", occurrenceCode: "28" }),
        record({ kind: "entryConfirmed", occurrenceCode: "02" }),
        record({ kind: "ignored", occurrenceCode: "14" }),
      ],
      [title({})],
    );
    expect(p.counts).toEqual({ ...NO_RETURN_COUNTS, ignored: 3 });
    expect(p.history.map((h) => h.kind)).toEqual(["tariff", "entryConfirmed"]);
    expect(p.entries).toEqual([]);
  });

  it("a record with no date at all is a line of its own, nothing written", () => {
    const p = plan([record({ creditDate: null, occurrenceDate: null })], [title({})]);
    expect(p.notes.map((n) => n.message)).toEqual([
      "Linha 3: ocorrência sem data (nem da ocorrência, nem do crédito, nem do arquivo)",
    ]);
    expect(p.history).toEqual([]);
  });

  it("a liquidation that pays nothing is a line of its own", () => {
    const p = plan([record({ paidCents: 0 })], [title({})]);
    expect(p.notes.map((n) => n.message)).toEqual([
      "Linha 3: liquidação sem valor pago, desconto nem abatimento: nada a baixar",
    ]);
    expect(p.counts).toEqual(NO_RETURN_COUNTS);
  });

  it("a record without a nosso número names no title: unknown", () => {
    const p = plan(
      [record({ nn: null, kind: "tariff", occurrenceCode: "28", tariffCents: 990 })],
      [title({})],
    );
    expect(p.counts).toEqual({ ...NO_RETURN_COUNTS, unknown: 1 });
    expect(p.notes.map((n) => n.message)).toEqual([
      "Linha 3: ocorrência sem nosso número: não há título a que aplicá-la",
    ]);
    expect(p.entries).toEqual([]);
  });

  it("a rejection keeps its reasons, or says none was given", () => {
    const p = plan(
      [
        record({ kind: "rejected", occurrenceCode: "03", rejectionReasons: ["08", "16"] }),
        record({
          kind: "rejected",
          occurrenceCode: "03",
          rejectionReasons: [],
          occurrenceDate: "2026-02-28",
        }),
      ],
      [title({})],
    );
    expect(p.history.map((h) => h.reason)).toEqual([
      "Motivos da rejeição (códigos do banco): 08, 16",
      "Rejeitado pelo banco (sem motivo informado)",
    ]);
    expect(p.counts).toEqual({ ...NO_RETURN_COUNTS, rejected: 2 });
  });

  it("describes each entry: receipt, interest, surplus and tariff", () => {
    const p = plan(
      [record({ paidCents: 12_300, interestCents: 300, tariffCents: 200 })],
      [title({ openValue: 10_000, status: 1, description: "Venda 42" })],
    );
    expect(p.entries.map((e) => [e.description, e.value])).toEqual([
      ["Recebimento Venda 42", 10_000],
      ["Juros/multa boleto 0001234565 - Venda 42", 300],
      ["Valor pago acima do título, boleto 0001234565 - Venda 42", 2_000],
      ["Tarifa de cobrança boleto 0001234565 (ocorrência 06)", 200],
    ]);
    expect(p.entries.every((e) => e.date === "2026-03-02")).toBe(true);
  });
});
