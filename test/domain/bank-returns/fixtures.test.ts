/// <reference types="node" />
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readBankReturn } from "../../../src/domain/bank-returns/read-return";
import {
  allKindsSample,
  CNAB240_SAMPLE_BANKS,
  CNAB400_SAMPLE_BANKS,
  joinLines,
  latin1,
  returnFile,
} from "../../fixtures/cnab/generate";
import { expectRecord } from "./expected";

/**
 * The checked-in returns of test/fixtures/cnab (one per bank and layout, every occurrence kind,
 * Windows-1252 with CRLF as banks send them) are exactly what the generator writes: a change of
 * the generator shows here. `CNAB_WRITE_FIXTURES=1` writes them anew instead of comparing.
 */
const dir = join(import.meta.dirname, "../../fixtures/cnab");
const write = process.env.CNAB_WRITE_FIXTURES === "1";

const FIXTURES = [
  ...CNAB240_SAMPLE_BANKS.map((bank) => ["240", bank] as const),
  ...CNAB400_SAMPLE_BANKS.map((bank) => ["400", bank] as const),
].map(([layout, bankCode]) => ({ layout, bankCode, file: `retorno-cnab${layout}-${bankCode}.ret` }));

function generated(layout: "240" | "400", bankCode: string) {
  const sample = { ...allKindsSample(layout, bankCode), companyName: "CONFECÇÕES SÃO JOÃO LTDA" };
  return { sample, bytes: latin1(joinLines(returnFile(layout, sample))) };
}

describe("checked-in CNAB returns (test/fixtures/cnab)", () => {
  it.each(FIXTURES)("$file is the generator's output and reads back", ({ layout, bankCode, file }) => {
    const { sample, bytes } = generated(layout, bankCode);
    if (write) writeFileSync(join(dir, file), bytes);
    const stored = new Uint8Array(readFileSync(join(dir, file)));
    expect(Buffer.from(stored).equals(Buffer.from(bytes))).toBe(true);

    const result = readBankReturn(stored);
    if (!result.ok) throw new Error(result.message);
    expect(result).toMatchObject({ layout, bankCode, encoding: "windows-1252", errors: [] });
    expect(result.records).toHaveLength(sample.records.length);
    result.records.forEach((record, i) => {
      expectRecord(layout, bankCode, record, sample.records[i]!, record.line);
    });
  });
});
