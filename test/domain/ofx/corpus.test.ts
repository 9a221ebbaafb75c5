import { describe, expect, it } from "vitest";
import { OfxParseError, parseOfx } from "../../../src/domain/ofx";
import { fixture, fixturePaths, isGpl, sha256Prefix } from "./fixtures";

type Expected =
  | {
      statements: number;
      transactions: number;
      sum: number;
      fitIds: string;
      first: string | null;
      last: string | null;
    }
  | { error: string };

/**
 * Every file of the team's OFX collection (`../shared/fixtures/ofx/`, 77 files; the 64 MIT ones are
 * copied in `test/fixtures/ofx/`). Statement and transaction counts, the sum of TRNAMT in cents
 * (rounded half away from zero), a digest of the FITIDs in file order (SHA-256 of the FITIDs
 * joined by a line feed, empty for a missing one) and the first/last posting day in São Paulo were
 * computed apart from this parser, by a regex-and-Decimal script over the raw bytes, and checked
 * against the files by hand. For broken or non-OFX files, `error` is the message we chose.
 */
const EXPECTED: Record<string, Expected> = {
  "actual/1252.qfx": {
    statements: 1,
    transactions: 1,
    sum: -2000,
    fitIds: "4724ecf54442",
    first: "2022-10-19",
    last: "2022-10-19",
  },
  "actual/8859-1.qfx": {
    statements: 1,
    transactions: 1,
    sum: -2000,
    fitIds: "64767ebe890e",
    first: "2022-10-19",
    last: "2022-10-19",
  },
  "actual/data-multi-decimal.ofx": {
    statements: 1,
    transactions: 2,
    sum: -3377,
    fitIds: "bfc6fb7bc090",
    first: "2019-01-23",
    last: "2019-01-23",
  },
  "actual/data-payee-memo.ofx": {
    statements: 1,
    transactions: 4,
    sum: -10000,
    fitIds: "ccf0bc4ce395",
    first: "2019-01-23",
    last: "2019-01-23",
  },
  "actual/html-vals.qfx": {
    statements: 1,
    transactions: 2,
    sum: -200,
    fitIds: "0e4be076121b",
    first: "2023-03-01",
    last: "2023-05-09",
  },
  "actual/utf-8.qfx": {
    statements: 1,
    transactions: 1,
    sum: -2000,
    fitIds: "c7e20f9c2809",
    first: "2022-10-19",
    last: "2022-10-19",
  },
  "adelarcubs-ofxparser/extrato_caixa.ofx": {
    statements: 1,
    transactions: 4,
    sum: -30152,
    fitIds: "266403e807ba",
    first: "2015-07-01",
    last: "2015-07-27",
  },
  "adelarcubs-ofxparser/extrato_itau.ofx": {
    statements: 1,
    transactions: 48,
    sum: -231306,
    fitIds: "fb416b44d3d3",
    first: "2016-08-02",
    last: "2016-09-26",
  },
  "adelarcubs-ofxparser/extrato_itau_iso.ofx": {
    statements: 1,
    transactions: 1,
    sum: -197454,
    fitIds: "7d1a835ce1ca",
    first: "2018-01-02",
    last: "2018-01-02",
  },
  "adelarcubs-ofxparser/extrato_santander.ofx": {
    statements: 1,
    transactions: 24,
    sum: -4673,
    fitIds: "15b1d6cb4ab5",
    first: "2016-08-01",
    last: "2016-09-15",
  },
  "asgrim-ofxparser/ofx-multiple-accounts-xml.ofx": {
    statements: 3,
    transactions: 3,
    sum: 51472,
    fitIds: "cea9670a1787",
    first: "2014-07-01",
    last: "2014-07-17",
  },
  "asgrim-ofxparser/ofxdata-bb-two-stmtrs.ofx": {
    statements: 2,
    transactions: 36,
    sum: -364866,
    fitIds: "693ba5124916",
    first: "2017-03-01",
    last: "2017-03-27",
  },
  "asgrim-ofxparser/ofxdata-bb.ofx": {
    statements: 1,
    transactions: 1,
    sum: 23955,
    fitIds: "5749939f9380",
    first: "2015-11-03",
    last: "2015-11-03",
  },
  "asgrim-ofxparser/ofxdata-emptyDateTime.ofx": {
    statements: 1,
    transactions: 2,
    sum: 48750,
    fitIds: "15d871f1a4af",
    first: "2018-12-13",
    last: "2018-12-14",
  },
  "asgrim-ofxparser/ofxdata-memoWithAmpersand.ofx": {
    statements: 1,
    transactions: 16,
    sum: 39382,
    fitIds: "26ec96336459",
    first: "2018-09-13",
    last: "2018-10-05",
  },
  "asgrim-ofxparser/ofxdata-oneline.ofx": {
    statements: 1,
    transactions: 8,
    sum: -197710,
    fitIds: "fce3af016f4a",
    first: "2016-02-16",
    last: "2016-07-19",
  },
  "asgrim-ofxparser/ofxdata-selfclose.ofx": {
    statements: 1,
    transactions: 5,
    sum: 58500,
    fitIds: "24190967b601",
    first: "2019-09-18",
    last: "2019-09-23",
  },
  "fnando-ofx/bb.ofx": {
    statements: 1,
    transactions: 81,
    sum: 659275,
    fitIds: "7e2281f40b73",
    first: "2010-08-26",
    last: "2010-10-25",
  },
  "fnando-ofx/bradesco.ofx": {
    statements: 1,
    transactions: 6,
    sum: -216681,
    fitIds: "df27e99152ce",
    first: "2015-07-30",
    last: "2015-07-30",
  },
  "fnando-ofx/dtsof_balance_issue.ofx": {
    statements: 1,
    transactions: 1,
    sum: -83630,
    fitIds: "256a36e0867f",
    first: "2010-08-26",
    last: "2010-08-26",
  },
  "fnando-ofx/nd-amex-sample.ofx": {
    statements: 16,
    transactions: 15,
    sum: -76439,
    fitIds: "ecb2ff3f9694",
    first: "2012-11-25",
    last: "2013-09-14",
  },
  "fnando-ofx/santander.ofx": {
    statements: 1,
    transactions: 4,
    sum: 0,
    fitIds: "90df0c1a6480",
    first: "2017-09-01",
    last: "2017-09-01",
  },
  "fnando-ofx/v103.ofx": {
    statements: 1,
    transactions: 2,
    sum: -110298,
    fitIds: "790a596a68b4",
    first: "2015-05-04",
    last: "2015-05-05",
  },
  "fnando-ofx/v211.ofx": {
    statements: 2,
    transactions: 3,
    sum: 24700,
    fitIds: "243d1d861973",
    first: "2005-08-11",
    last: "2005-08-24",
  },
  "inovar-ofx-simple-parser/bradesco-02.ofx": {
    statements: 1,
    transactions: 0,
    sum: 0,
    fitIds: "e3b0c44298fc",
    first: null,
    last: null,
  },
  "inovar-ofx-simple-parser/bradesco-03.ofx": {
    statements: 1,
    transactions: 2,
    sum: 8088,
    fitIds: "a6ddbf96912c",
    first: "2026-08-05",
    last: "2026-08-10",
  },
  "inovar-ofx-simple-parser/btg-04.ofx": {
    statements: 1,
    transactions: 9,
    sum: 1138066,
    fitIds: "caea6bef3fce",
    first: "2025-01-02",
    last: "2025-01-29",
  },
  "inovar-ofx-simple-parser/c6-04.ofx": {
    statements: 1,
    transactions: 1,
    sum: 9943372,
    fitIds: "a66f061c5016",
    first: "2026-05-29",
    last: "2026-05-29",
  },
  "inovar-ofx-simple-parser/inter-05.ofx": {
    statements: 1,
    transactions: 5,
    sum: -46602,
    fitIds: "d12d090a2b13",
    first: "2026-08-18",
    last: "2026-08-21",
  },
  "inovar-ofx-simple-parser/itau-01.ofx": {
    statements: 1,
    transactions: 2,
    sum: 729033,
    fitIds: "1af2fa6ce8df",
    first: "2023-09-14",
    last: "2023-09-29",
  },
  "inovar-ofx-simple-parser/itau-03.ofx": {
    statements: 1,
    transactions: 14,
    sum: 141490183,
    fitIds: "34c9c02e95f8",
    first: "2025-07-21",
    last: "2025-07-22",
  },
  "inovar-ofx-simple-parser/nubank-01.ofx": {
    statements: 1,
    transactions: 39,
    sum: 134959,
    fitIds: "5daa4175a04c",
    first: "2025-08-01",
    last: "2025-08-17",
  },
  "inovar-ofx-simple-parser/santander-01.ofx": {
    statements: 1,
    transactions: 6,
    sum: -25794,
    fitIds: "9d3e347da356",
    first: "2024-05-02",
    last: "2024-05-10",
  },
  "inovar-ofx-simple-parser/santander-02.ofx": {
    statements: 1,
    transactions: 40,
    sum: -2320433,
    fitIds: "563dd6bb335d",
    first: "2024-05-23",
    last: "2024-05-31",
  },
  "inovar-ofx-simple-parser/santander-06.ofx": {
    statements: 1,
    transactions: 1,
    sum: 60584,
    fitIds: "546e378aba08",
    first: "2026-01-06",
    last: "2026-01-06",
  },
  "inovar-ofx-simple-parser/sicoob-03.ofx": {
    statements: 1,
    transactions: 1,
    sum: 17066,
    fitIds: "296f55494788",
    first: "2025-01-06",
    last: "2025-01-06",
  },
  "inovar-ofx-simple-parser/sicoob-05.ofx": {
    statements: 1,
    transactions: 6,
    sum: 60455,
    fitIds: "0bc5d5ec68df",
    first: "2025-03-05",
    last: "2025-03-21",
  },
  "libofx/failing-ofx-file1.xml": { error: "Linha 1: o arquivo não está no formato OFX" },
  "libofx/heap-buffer-overflow-1.ofx": { error: "Linha 4: extrato sem conta, lançamentos nem saldo" },
  "libofx/heap-buffer-overflow-2.ofx": { error: "Linha 1: o arquivo não está no formato OFX" },
  "libofx/null-ptr-deref-1.ofx": { error: 'Linha 3: marcação inválida: "<OFX <<USEDE0 </SIGN"' },
  "libofx/ofx-2.1.1-sect-16.5.4.2.ofx": {
    statements: 2,
    transactions: 1,
    sum: -8032,
    fitIds: "92c44b0ad8e2",
    first: "2005-08-24",
    last: "2005-08-24",
  },
  "libofx/ofx_spec160_stmtrs_example.sgml": {
    statements: 1,
    transactions: 2,
    sum: -50000,
    fitIds: "2a0a736bc647",
    first: "1996-10-04",
    last: "1996-10-20",
  },
  "libofx/use-after-free.ofx": {
    error:
      "Linha 1: o arquivo está no formato OFC (antigo Microsoft Money), não OFX: exporte o extrato em OFX",
  },
  "ofx-data-extractor/example.ofx": {
    statements: 2,
    transactions: 20,
    sum: 96250,
    fitIds: "e79aca750a2b",
    first: "2005-08-11",
    last: "2018-04-29",
  },
  "ofx-data-extractor/example2.ofx": {
    statements: 1,
    transactions: 18,
    sum: 63550,
    fitIds: "fe0121af54c5",
    first: "2018-03-09",
    last: "2018-04-29",
  },
  "ofx-data-extractor/example5.ofx": {
    statements: 2,
    transactions: 0,
    sum: 0,
    fitIds: "e3b0c44298fc",
    first: null,
    last: null,
  },
  "ofx-data-extractor/inline.ofx": {
    statements: 1,
    transactions: 1,
    sum: -1179,
    fitIds: "bcb15f821479",
    first: "2024-05-15",
    last: "2024-05-15",
  },
  "ofx-reader/BancodoBrasil.ofc": {
    error:
      "Linha 1: o arquivo está no formato OFC (antigo Microsoft Money), não OFX: exporte o extrato em OFX",
  },
  "ofx-reader/BancodoBrasil.ofx": {
    statements: 1,
    transactions: 7,
    sum: -1000,
    fitIds: "d6859bdc6e30",
    first: "2016-06-01",
    last: "2016-06-03",
  },
  "ofx-reader/Bradesco.ofx": {
    statements: 1,
    transactions: 6,
    sum: -33698,
    fitIds: "d5f0e74d8197",
    first: "2016-10-05",
    last: "2016-10-11",
  },
  "ofx-reader/CaixaEconomicaFederal.ofx": {
    statements: 1,
    transactions: 3,
    sum: -3220,
    fitIds: "1bfccc3c3521",
    first: "2016-06-09",
    last: "2016-06-13",
  },
  "ofx-reader/nubank.ofx": {
    statements: 1,
    transactions: 5,
    sum: 12553,
    fitIds: "40f53d49e013",
    first: "2017-11-04",
    last: "2017-11-15",
  },
  "ofx-reader/sicredi.ofx": {
    statements: 1,
    transactions: 54,
    sum: 776461,
    fitIds: "8532936c8c30",
    first: "2018-04-02",
    last: "2018-04-30",
  },
  "ofx_kit/bank_multi_currency.ofx": {
    statements: 2,
    transactions: 2,
    sum: 230000,
    fitIds: "2b0ac10d15d5",
    first: "2024-01-10",
    last: "2024-01-15",
  },
  "ofx_kit/bank_multiple.ofx": {
    statements: 2,
    transactions: 2,
    sum: 30000,
    fitIds: "2b0ac10d15d5",
    first: "2024-01-10",
    last: "2024-01-15",
  },
  "ofx_kit/bank_no_curdef.ofx": {
    statements: 1,
    transactions: 1,
    sum: -5000,
    fitIds: "55b0711b6251",
    first: "2024-01-20",
    last: "2024-01-20",
  },
  "ofx_kit/credit_card_ofx2.ofx": {
    statements: 1,
    transactions: 1,
    sum: -8990,
    fitIds: "cc256a5c5f1e",
    first: "2024-01-05",
    last: "2024-01-05",
  },
  "ofx_kit/malformed.ofx": { error: "Arquivo OFX sem o bloco <OFX>" },
  "ofx_kit/malformed_ofx2.ofx": { error: 'Linha 10: texto fora de um campo: "THIS IS NOT VALID XML"' },
  "ofxgo/bmo_v102__no_header_newline.qfx": {
    statements: 1,
    transactions: 1,
    sum: 204224,
    fitIds: "d8f928f0abaa",
    first: "2018-10-30",
    last: "2018-10-30",
  },
  "ofxgo/moneymrkt1_v103.ofx": {
    statements: 1,
    transactions: 3,
    sum: 286325,
    fitIds: "920832250387",
    first: "2017-01-17",
    last: "2017-03-15",
  },
  "ofxgo/wellsfargo.qfx": {
    statements: 1,
    transactions: 1,
    sum: -1234,
    fitIds: "9dd025f1c5aa",
    first: "2020-12-01",
    last: "2020-12-01",
  },
  "ofxparse/anzcc.ofx": {
    statements: 1,
    transactions: 1,
    sum: -550,
    fitIds: "543424376275",
    first: "2017-05-08",
    last: "2017-05-08",
  },
  "ofxparse/bank_medium.ofx": {
    statements: 1,
    transactions: 3,
    sum: -34527,
    fitIds: "1a5803cef9be",
    first: "2009-04-01",
    last: "2009-04-03",
  },
  "ofxparse/error_message.ofx": { error: "Linha 22: o banco respondeu com erro 2000: General Server Error" },
  "ofxparse/fail_nice/date_missing.ofx": { error: "Linha 33: lançamento sem DTPOSTED" },
  "ofxparse/fail_nice/decimal_error.ofx": { error: 'Linha 37: TRNAMT inválido: "$120"' },
  "ofxparse/fail_nice/empty_balance.ofx": {
    statements: 1,
    transactions: 1,
    sum: 12000,
    fitIds: "87d29754cb58",
    first: "2011-03-08",
    last: "2011-03-08",
  },
  "ofxparse/multiple_accounts.ofx": {
    statements: 2,
    transactions: 0,
    sum: 0,
    fitIds: "e3b0c44298fc",
    first: null,
    last: null,
  },
  "ofxparse/ofx-v102-empty-tags.ofx": {
    statements: 1,
    transactions: 1,
    sum: 1234,
    fitIds: "e3b0c44298fc",
    first: "2018-05-07",
    last: "2018-05-07",
  },
  "ofxparse/suncorp.ofx": {
    statements: 1,
    transactions: 1,
    sum: -1685,
    fitIds: "6b86b273ff34",
    first: "2013-12-15",
    last: "2013-12-15",
  },
  "ofxtools/br_nubank_cc.ofx": {
    statements: 1,
    transactions: 6,
    sum: -128091,
    fitIds: "374ad927da66",
    first: "2024-03-22",
    last: "2024-03-23",
  },
  "ofxtools/stmtrs.ofx": {
    statements: 1,
    transactions: 2,
    sum: -50000,
    fitIds: "2a0a736bc647",
    first: "2005-10-04",
    last: "2005-10-20",
  },
  "ofxtools/stmtrs_euro.ofx": {
    statements: 1,
    transactions: 2,
    sum: -50000,
    fitIds: "2a0a736bc647",
    first: "2005-10-04",
    last: "2005-10-20",
  },
  "operandbr-ofxparser/right/ofxdata-inter.ofx": {
    statements: 1,
    transactions: 4,
    sum: 696583,
    fitIds: "98e12c0bda5e",
    first: "2021-01-29",
    last: "2021-02-04",
  },
  "operandbr-ofxparser/wrong/ofxdata-inter.ofx": {
    statements: 1,
    transactions: 4,
    sum: 696583,
    fitIds: "98e12c0bda5e",
    first: "2021-01-29",
    last: "2021-02-04",
  },
};

const options = { timeZone: "America/Sao_Paulo" };

function parseError(bytes: Uint8Array): OfxParseError | null {
  try {
    parseOfx(bytes, options);
    return null;
  } catch (error) {
    if (error instanceof OfxParseError) return error;
    throw error;
  }
}

describe("OFX collection: every file", () => {
  it("has a row for each available file, and the 64 MIT files are always available", () => {
    const available = fixturePaths();
    expect(Object.keys(EXPECTED)).toHaveLength(77);
    expect(available.filter((path) => !isGpl(path))).toEqual(
      Object.keys(EXPECTED).filter((path) => !isGpl(path)),
    );
    for (const path of available) expect(Object.keys(EXPECTED)).toContain(path);
  });

  for (const [path, expected] of Object.entries(EXPECTED)) {
    const bytes = fixture(path);
    it.skipIf(!bytes)(path, async () => {
      if ("error" in expected) {
        expect(parseError(bytes!)?.message).toBe(expected.error);
        return;
      }
      const result = parseOfx(bytes!, options);
      const transactions = result.statements.flatMap((s) => s.transactions);
      const days = transactions.map((t) => t.posted.date).sort();
      expect({
        statements: result.statements.length,
        transactions: transactions.length,
        sum: transactions.reduce((total, t) => total + t.amount, 0),
        fitIds: await sha256Prefix(transactions.map((t) => t.fitId ?? "").join("\n")),
        first: days[0] ?? null,
        last: days.at(-1) ?? null,
      }).toEqual(expected);
      expect(result.warnings).toEqual([]);
      for (const t of transactions) {
        expect(`${t.memo ?? ""}${t.name ?? ""}`).not.toMatch(/\uFFFD|Ã[\u0080-\u00bf]/);
      }
    });
  }
});
