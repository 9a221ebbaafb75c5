import { describe, expect, it } from "vitest";
import { readBankReturn } from "../../../src/domain/bank-returns/read-return";
import type { BankReturn, BankReturnFailure } from "../../../src/domain/bank-returns/types";
import {
  allKindsSample,
  CNAB240_SAMPLE_BANKS,
  CNAB400_SAMPLE_BANKS,
  cnab240Return,
  cnab400Return,
  joinLines,
  latin1,
  returnFile,
  type SampleFile,
  type SampleRecord,
} from "../../fixtures/cnab/generate";
import { expectRecord } from "./expected";

const utf8 = (text: string) => new TextEncoder().encode(text);

function read(lines: string[], eol: "\r\n" | "\n" = "\r\n"): BankReturn {
  const result = readBankReturn(utf8(joinLines(lines, eol)));
  if (!result.ok) throw new Error(`expected a readable file, got: ${result.message}`);
  return result;
}

function fail(bytes: Uint8Array | string[]): BankReturnFailure {
  const result = readBankReturn(Array.isArray(bytes) ? utf8(joinLines(bytes)) : bytes);
  if (result.ok) throw new Error("expected the whole file to fail");
  return result;
}

/** Replaces positions `start`-`end` (1-based, inclusive) of a line. */
function patch(line: string, start: number, value: string): string {
  return line.slice(0, start - 1) + value + line.slice(start - 1 + value.length);
}

const KIND_BY_POSITION = ["entryConfirmed", "rejected", "writtenOff", "tariff", "ignored"] as const;

describe("readBankReturn: every bank and layout reads its generated return back exactly", () => {
  const cases = [
    ...CNAB240_SAMPLE_BANKS.map((bank) => ["240", bank] as const),
    ...CNAB400_SAMPLE_BANKS.map((bank) => ["400", bank] as const),
  ];
  it.each(cases)("CNAB %s, bank %s", (layout, bankCode) => {
    const sample = allKindsSample(layout, bankCode);
    const lines = layout === "240" ? cnab240Return(sample) : cnab400Return(sample);
    const result = read(lines);
    expect(result.layout).toBe(layout);
    expect(result.bankCode).toBe(bankCode);
    expect(result.generatedOn).toBe("2026-03-02");
    expect(result.encoding).toBe("utf-8");
    expect(result.errors).toEqual([]);
    expect(result.records).toHaveLength(sample.records.length);
    const liquidations = sample.records.length - KIND_BY_POSITION.length;
    result.records.forEach((record, i) => {
      const line = layout === "240" ? 3 + 2 * i : 2 + i;
      expectRecord(layout, bankCode, record, sample.records[i]!, line);
      expect(record.kind).toBe(i < liquidations ? "liquidation" : KIND_BY_POSITION[i - liquidations]);
    });
  });

  // The company's inscription in the headers and the payer's (sacado) in the details may now carry an
  // alphanumeric CNPJ (docs/DOCUMENTS.md): the reader does not read them, so such a file reads the same.
  it.each(cases)(
    "CNAB %s, bank %s: reads the same with alphanumeric CNPJs in the inscription fields",
    (layout, bankCode) => {
      const lines = returnFile(layout, allKindsSample(layout, bankCode));
      const alphanumeric = lines.map((line) => line.replaceAll("11222333000181", "12ABC34501DE35"));
      expect(alphanumeric.join("")).not.toBe(lines.join(""));
      expect(alphanumeric.join("")).toContain("12ABC34501DE35");
      const result = read(alphanumeric);
      expect(result.errors).toEqual([]);
      expect(result.records).toEqual(read(lines).records);
    },
  );

  it("keeps the rejection reasons of a CNAB 240 rejection, in file order, without blanks or zeros", () => {
    const sample: SampleFile = {
      bankCode: "237",
      records: [
        { nossoNumero: "000000001236", occurrence: "03", titleValue: 100, reasons: ["A4", "00", "48"] },
      ],
    };
    expect(read(cnab240Return(sample)).records[0]!.rejectionReasons).toEqual(["A4", "48"]);
  });

  it("reads a file of several batches, each checked against its own trailer", () => {
    const sample = allKindsSample("240", "756");
    const result = read(cnab240Return({ ...sample, batchSize: 3 }));
    expect(result.errors).toEqual([]);
    expect(result.records.map((r) => r.occurrenceCode)).toEqual(sample.records.map((r) => r.occurrence));
    // the 4th title is the first T of batch 2: after the file header, batch 1 (its header, 3 T+U
    // pairs, its trailer) and the header of batch 2
    expect(result.records[3]!.line).toBe(1 + (1 + 6 + 1) + 1 + 1);
  });

  it("reads past Itaú's record 3 (Pix QR code) between the CNAB 400 details", () => {
    const sample = allKindsSample("400", "341");
    sample.records[0] = { ...sample.records[0]!, pixQrCode: "00020101021226930014BR.GOV.BCB.PIX" };
    const result = read(cnab400Return(sample));
    expect(result.errors).toEqual([]);
    expect(result.records.map((r) => r.line)).toEqual(sample.records.map((_, i) => (i === 0 ? 2 : 3 + i)));
  });

  it("offers a Bradesco nosso número whose check digit is P with and without it", () => {
    const sample: SampleFile = {
      bankCode: "237",
      records: [{ nossoNumero: "00000012345P", occurrence: "06", titleValue: 100, paid: 100 }],
    };
    expect(read(cnab400Return(sample)).records[0]!.nossoNumero).toEqual({
      inFile: "00000012345P",
      normalised: "12345P",
      withoutCheckDigit: "12345",
      checkDigit: "checkDigitLast",
    });
  });

  it("reads a blank or zero nosso número as none and zero dates as absent", () => {
    const sample: SampleFile = {
      bankCode: "341",
      records: [{ nossoNumero: "000000000", occurrence: "30", titleValue: 0, tariff: 1250, dueDate: null }],
    };
    const [record] = read(cnab400Return(sample)).records;
    expect(record).toMatchObject({
      nossoNumero: null,
      kind: "tariff",
      tariffCents: 1250,
      dueDate: null,
      occurrenceDate: null,
    });
  });

  it("reads two-digit years of CNAB 400 dates with the documented pivot (00-79 → 20xx, 80-99 → 19xx)", () => {
    const sample: SampleFile = {
      bankCode: "237",
      records: [
        {
          nossoNumero: "000000000019",
          occurrence: "02",
          titleValue: 1,
          dueDate: "2079-12-31",
          occurrenceDate: "1980-01-01",
        },
      ],
    };
    const [record] = read(cnab400Return(sample)).records;
    expect(record).toMatchObject({ dueDate: "2079-12-31", occurrenceDate: "1980-01-01" });
  });
});

describe("readBankReturn: encodings and line ends", () => {
  const accents = "CONFECÇÕES SÃO JOÃO LTDA";
  const sample = (bankCode: string): SampleFile => ({
    bankCode,
    companyName: accents,
    records: [
      {
        nossoNumero: "000000001236",
        occurrence: "06",
        titleValue: 10_000,
        paid: 10_000,
        companyReference: "PEDIDO Nº 12 AÇÃO",
        documentNumber: "DUP-É1",
        creditDate: "2026-03-02",
      },
    ],
  });

  it.each(["240", "400"] as const)("decodes a CNAB %s file in Windows-1252 with accented names", (layout) => {
    const lines = layout === "240" ? cnab240Return(sample("237")) : cnab400Return(sample("237"));
    const result = readBankReturn(latin1(joinLines(lines)));
    if (!result.ok) throw new Error(result.message);
    expect(result.encoding).toBe("windows-1252");
    expect(result.errors).toEqual([]);
    expect(result.records[0]).toMatchObject({
      companyReference: "PEDIDO Nº 12 AÇÃO",
      documentNumber: "DUP-É1",
    });
  });

  it("reads a Windows-1252 file whose only accents happen to be valid UTF-8 as Windows-1252", () => {
    // "Ãº" in Windows-1252 is the bytes C3 BA, which UTF-8 reads as one "ú": its line would be short
    const lines = cnab400Return({
      bankCode: "001",
      records: [
        { nossoNumero: "12345670000000001", occurrence: "10", titleValue: 0, paid: 0, documentNumber: "Ãº" },
      ],
    });
    const result = readBankReturn(latin1(joinLines(lines)));
    if (!result.ok) throw new Error(result.message);
    expect(result.encoding).toBe("windows-1252");
    expect(result.errors).toEqual([]);
    expect(result.records[0]!.documentNumber).toBe("Ãº");
  });

  it("reads the same accented file in UTF-8 (lengths counted in characters, not bytes)", () => {
    const result = read(cnab240Return(sample("237")));
    expect(result.encoding).toBe("utf-8");
    expect(result.records[0]!.companyReference).toBe("PEDIDO Nº 12 AÇÃO");
  });

  it("reads CRLF and LF alike, with or without a final line end, and a DOS end-of-file mark", () => {
    const lines = cnab240Return(allKindsSample("240", "001"));
    const expected = read(lines, "\r\n").records;
    for (const text of [
      joinLines(lines, "\n"),
      joinLines(lines, "\r\n", false),
      joinLines(lines, "\n", false),
      `${joinLines(lines, "\r\n")}\u001a`,
      `${joinLines(lines, "\r\n")}\r\n\r\n`,
    ]) {
      const result = readBankReturn(utf8(text));
      expect(result.ok && result.records).toEqual(expected);
    }
  });
});

describe("readBankReturn: bad input of a line (the rest of the file is read)", () => {
  const lines240 = () => cnab240Return(allKindsSample("240", "237"));
  const lines400 = () => cnab400Return(allKindsSample("400", "237"));

  it("reports a line of the wrong length and reads the others", () => {
    const lines = lines400();
    lines[2] = lines[2]!.slice(0, 399);
    const result = read(lines);
    expect(result.errors).toEqual([
      { line: 3, reason: "tamanho 399, esperado 400", message: "Linha 3: tamanho 399, esperado 400" },
    ]);
    expect(result.records.map((r) => r.line)).not.toContain(3);
    expect(result.records).toHaveLength(allKindsSample("400", "237").records.length - 1);
  });

  it("reports a non-numeric value with the field's name", () => {
    const lines = lines400();
    lines[1] = patch(lines[1]!, 254, "00000001X0000");
    const result = read(lines);
    expect(result.errors.map((e) => e.message)).toEqual([
      'Linha 2: valor pago não numérico: "00000001X0000"',
    ]);
  });

  it("reports an impossible date (31 February) in a CNAB 240 segment U on the U line", () => {
    const lines = lines240();
    lines[3] = patch(lines[3]!, 146, "31022026");
    const result = read(lines);
    expect(result.errors.map((e) => e.message)).toEqual(['Linha 4: data do crédito inválida: "31022026"']);
    expect(result.records.map((r) => r.line)).not.toContain(3);
  });

  it("reports an impossible CNAB 400 date (month 13)", () => {
    const lines = lines400();
    lines[1] = patch(lines[1]!, 111, "011326");
    expect(read(lines).errors.map((e) => e.message)).toEqual([
      'Linha 2: data da ocorrência inválida: "011326"',
    ]);
  });

  it("reports an occurrence code the bank's table does not know", () => {
    const lines = lines240();
    lines[2] = patch(lines[2]!, 16, "99");
    lines[3] = patch(lines[3]!, 16, "99");
    const result = read(lines);
    expect(result.errors.map((e) => e.message)).toEqual(['Linha 3: ocorrência desconhecida: "99"']);
  });

  it("knows each bank's own codes: 15 is a liquidation at Bradesco and a refused write-off at Itaú", () => {
    const record = (bankCode: string): SampleRecord => ({
      nossoNumero: bankCode === "237" ? "000000001236" : "000012346",
      occurrence: "15",
      titleValue: 100,
    });
    const kinds = ["237", "341", "001"].map(
      (bankCode) => read(cnab400Return({ bankCode, records: [record(bankCode)] })).records[0]!.kind,
    );
    expect(kinds).toEqual(["liquidation", "rejected", "liquidation"]);
  });

  it("reports an unknown occurrence code beside another problem of the same line", () => {
    const lines = cnab400Return(allKindsSample("400", "341"));
    lines[1] = patch(patch(lines[1]!, 109, "99"), 147, "320126");
    expect(read(lines).errors.map((e) => e.message)).toEqual([
      'Linha 2: data de vencimento inválida: "320126"; ocorrência desconhecida: "99"',
    ]);
  });

  it("reports a segment T without its U and a U without its T", () => {
    const lines = lines240();
    const [t, u] = [lines[2]!, lines[3]!];
    lines[2] = u; // U first: no T before it
    lines[3] = t; // then a T followed by another T
    const result = read(lines);
    expect(result.errors.map((e) => e.message)).toEqual([
      "Linha 3: segmento U sem o segmento T que o precede",
      "Linha 4: segmento T sem o segmento U que o completa",
    ]);
  });

  it("reports a record type the layout does not have", () => {
    const lines = lines400();
    lines[1] = patch(lines[1]!, 1, "4");
    expect(read(lines).errors.map((e) => e.message)).toEqual(['Linha 2: tipo de registro desconhecido: "4"']);
  });

  it("reports a nosso número with letters in it", () => {
    const lines = lines240();
    lines[2] = patch(lines[2]!, 46, "0000AB001234");
    expect(read(lines).errors.map((e) => e.message)).toEqual([
      'Linha 3: nosso número inválido: "0000AB001234"',
    ]);
  });
});

describe("readBankReturn: bad input of the whole file (nothing of it is read)", () => {
  const lines240 = () => cnab240Return(allKindsSample("240", "341"));
  const lines400 = () => cnab400Return(allKindsSample("400", "001"));

  it("fails an empty file", () => {
    expect(fail(new Uint8Array()).message).toBe("Arquivo de retorno vazio");
    expect(fail(utf8("\r\n\r\n")).message).toBe("Arquivo de retorno vazio");
  });

  it("fails a file that is not CNAB", () => {
    expect(fail(utf8("OFXHEADER:100\nDATA:OFXSGML\n")).message).toBe(
      "Arquivo não reconhecido como retorno CNAB: a primeira linha tem 13 caracteres (esperado 240 ou 400)",
    );
  });

  it("fails a remittance (the file sent to the bank) in both layouts", () => {
    const remessa240 = lines240();
    remessa240[0] = patch(remessa240[0]!, 143, "1");
    const remessa400 = lines400();
    remessa400[0] = patch(remessa400[0]!, 2, "1REMESSA");
    for (const lines of [remessa240, remessa400])
      expect(fail(lines).message).toBe("O arquivo é uma remessa (enviada ao banco), não um retorno do banco");
  });

  it("fails a file whose first line is not a file header", () => {
    const lines = lines240();
    expect(fail(lines.slice(1)).message).toMatch(/não é um header de arquivo de retorno/);
  });

  it("fails a bank without a table, and exposes the bank of a supported one", () => {
    const lines = lines400();
    lines[0] = patch(lines[0]!, 77, "104");
    expect(fail(lines).message).toBe('Banco "104" não suportado no layout CNAB 400');
    expect(read(lines240()).bankCode).toBe("341");
  });

  it.each([
    ["CNAB 240", lines240],
    ["CNAB 400", lines400],
  ])("fails a truncated %s file: trailer missing, or the last line cut", (_, build) => {
    const lines = build();
    expect(fail(lines.slice(0, -1)).message).toBe(
      "Arquivo de retorno incompleto: termina sem o trailer do arquivo (registro 9)",
    );
    const cut = build();
    cut[cut.length - 1] = cut[cut.length - 1]!.slice(0, 100);
    expect(fail(cut).message).toMatch(/incompleto/);
    expect(fail(build().slice(0, 3)).message).toMatch(/incompleto/);
  });

  it("fails a CNAB 240 file whose batch trailer counts other records than the batch has", () => {
    const lines = lines240();
    const trailer = lines.length - 2;
    lines[trailer] = patch(lines[trailer]!, 18, "000099");
    expect(fail(lines)).toEqual({
      ok: false,
      line: trailer + 1,
      message: `Linha ${trailer + 1}: o trailer do lote 0001 declara 99 registros, o lote tem ${lines.length - 2}`,
    });
  });

  it("fails a CNAB 240 file whose batch trailer declares another count or total of titles", () => {
    const sample = allKindsSample("240", "341");
    const total = sample.records.reduce((sum, r) => sum + r.titleValue, 0);
    const count = cnab240Return(sample);
    const trailer = count.length - 2;
    count[trailer] = patch(count[trailer]!, 24, "000001");
    expect(fail(count).message).toBe(
      `Linha ${trailer + 1}: o trailer do lote 0001 declara 1 títulos, o lote tem ${sample.records.length}`,
    );
    const value = cnab240Return(sample);
    value[trailer] = patch(value[trailer]!, 30, String(total + 1).padStart(17, "0"));
    expect(fail(value).message).toBe(
      `Linha ${trailer + 1}: o trailer do lote 0001 declara valor total ${((total + 1) / 100).toFixed(2)}, a soma dos títulos é ${(total / 100).toFixed(2)}`,
    );
  });

  it("accepts a CNAB 240 batch trailer whose portfolio totals the bank left at zero", () => {
    const sample = { ...allKindsSample("240", "104"), batchTotals: false };
    expect(read(cnab240Return(sample)).records).toHaveLength(sample.records.length);
  });

  it("fails a CNAB 240 file whose file trailer declares other counts of batches or records", () => {
    const batches = lines240();
    const last = batches.length - 1;
    batches[last] = patch(batches[last]!, 18, "000002");
    expect(fail(batches).message).toBe(
      `Linha ${last + 1}: o trailer do arquivo declara 2 lotes, o arquivo tem 1`,
    );
    const records = lines240();
    records[last] = patch(records[last]!, 24, "000003");
    expect(fail(records).message).toBe(
      `Linha ${last + 1}: o trailer do arquivo declara 3 registros, o arquivo tem ${records.length}`,
    );
  });

  it("fails a CNAB 400 file whose trailer numbers other records than the file has (a line lost)", () => {
    const lines = lines400();
    lines.splice(2, 1);
    expect(fail(lines).message).toBe(
      `Linha ${lines.length}: o trailer do arquivo declara ${lines.length + 1} registros, o arquivo tem ${lines.length}`,
    );
  });

  it("fails a CNAB 400 trailer of another bank", () => {
    const lines = lines400();
    lines[lines.length - 1] = patch(lines[lines.length - 1]!, 5, "237");
    expect(fail(lines).message).toBe(
      `Linha ${lines.length}: trailer do banco "237", o header é do banco 001`,
    );
  });

  it("fails content after the file trailer (two files glued together)", () => {
    const lines = lines240();
    expect(fail([...lines, ...lines]).message).toBe(
      `Arquivo de retorno com conteúdo após o trailer do arquivo (linha ${lines.length + 1})`,
    );
  });

  it("fails a CNAB 240 return of another service than cobrança (a payments return has no titles)", () => {
    const lines = lines240();
    lines[1] = patch(lines[1]!, 10, "20");
    expect(fail(lines)).toEqual({
      ok: false,
      line: 2,
      message: 'Linha 2: o lote não é de cobrança (serviço "20"); o arquivo não é um retorno de cobrança',
    });
  });

  it("fails a CNAB 240 batch never closed by its trailer", () => {
    const lines = lines240();
    lines.splice(lines.length - 2, 1);
    expect(fail(lines).message).toBe(
      `Linha ${lines.length}: o lote 0001 não foi fechado pelo seu trailer (registro 5)`,
    );
  });
});
