import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { occurrenceTable } from "../../../src/domain/bank-returns/occurrences";
import { readBankReturn } from "../../../src/domain/bank-returns/read-return";
import {
  CNAB240_SAMPLE_BANKS,
  CNAB400_SAMPLE_BANKS,
  joinLines,
  latin1,
  returnFile,
  type SampleRecord,
  sampleNossoNumero,
} from "../../fixtures/cnab/generate";
import { useSeed } from "../../support/replay";
import { expectRecord } from "./expected";

useSeed();

const LAYOUT_BANKS = [
  ...CNAB240_SAMPLE_BANKS.map((bank) => ["240", bank] as const),
  ...CNAB400_SAMPLE_BANKS.map((bank) => ["400", bank] as const),
];

/** Text the banks accept in free fields: capitals, digits, a few signs and Latin-1 accents. */
const freeText = (max: number) =>
  fc
    .string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -/.ÇÃÉÕÁº"), maxLength: max })
    .map((text) => text.trim())
    .map((text) => (text === "" ? undefined : text));

const isoDate = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2079-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const optionalDate = fc.option(isoDate, { nil: null });
const amount = fc.integer({ min: 0, max: 999_999_999_999 });
const reasonCode = fc.stringMatching(/^[0-9A-Z]{2}$/).filter((code) => code !== "00");

function recordArbitrary(layout: "240" | "400", bankCode: string): fc.Arbitrary<SampleRecord> {
  const codes = Object.keys(occurrenceTable(layout, bankCode));
  const reasonSlots = layout === "400" && bankCode === "001" ? 1 : bankCode === "341" ? 4 : 5;
  return fc.record({
    nossoNumero: fc.integer({ min: 1, max: 99_999 }).map((n) => sampleNossoNumero(layout, bankCode, n)),
    occurrence: fc.constantFrom(...codes),
    reasons: fc.array(reasonCode, { maxLength: reasonSlots }),
    titleValue: amount,
    paid: amount,
    interest: amount,
    discount: amount,
    abatement: amount,
    otherCredits: amount,
    // Banco do Brasil's CNAB 400 tariff has 7 positions
    tariff: fc.integer({ min: 0, max: 9_999_999 }),
    dueDate: optionalDate,
    occurrenceDate: optionalDate,
    creditDate: optionalDate,
    documentNumber: freeText(10),
    companyReference: freeText(25),
  });
}

describe("readBankReturn: generated records → file → read back → the same records (property)", () => {
  it.each(LAYOUT_BANKS)("CNAB %s, bank %s", (layout, bankCode) => {
    fc.assert(
      fc.property(
        fc.array(recordArbitrary(layout, bankCode), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("\r\n" as const, "\n" as const),
        fc.boolean(),
        (records, batchSize, eol, windows1252) => {
          const text = joinLines(returnFile(layout, { bankCode, records, batchSize }), eol);
          const result = readBankReturn(windows1252 ? latin1(text) : new TextEncoder().encode(text));
          if (!result.ok) throw new Error(result.message);
          expect(result.errors).toEqual([]);
          expect(result.records).toHaveLength(records.length);
          const table = occurrenceTable(layout, bankCode);
          result.records.forEach((record, i) => {
            const sample = records[i]!;
            expectRecord(layout, bankCode, record, sample, record.line);
            expect(record.kind).toBe(table[sample.occurrence]);
          });
          // lines grow with the file: each record on its own line (segment T in CNAB 240)
          const lines = result.records.map((r) => r.line);
          expect([...lines].sort((a, b) => a - b)).toEqual(lines);
        },
      ),
      { numRuns: 40 },
    );
  });
});
