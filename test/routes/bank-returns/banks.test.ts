import { beforeAll, describe, expect, it } from "vitest";
import { CNAB240_SAMPLE_BANKS, CNAB400_SAMPLE_BANKS, sampleNossoNumero } from "../../fixtures/cnab/generate";
import { seedAccounts } from "../../support/seed";
import {
  boleto,
  entriesOf,
  freshNumber,
  historyOf,
  importReturn,
  liquidation,
  paidEventsOf,
  returnAccount,
  returnBytes,
  type Session,
  session,
  titleRow,
} from "./support";

/**
 * Every bank and layout the reader knows, over HTTP: a return written by the fixture generator from
 * the bank's published layout liquidates two boletos (one stored with the bank's check digit, one
 * without it where the bank writes one), each settled on the credit date with its receipt, its
 * interest apart and the tariff as an outflow, its history and its `title.paid`.
 */

let s: Session;
beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

/** Layouts whose sample nosso número ends with the bank's check digit. */
const WITH_CHECK_DIGIT = new Set([
  "240-033",
  "240-237",
  "240-341",
  "240-748",
  "240-756",
  "400-237",
  "400-341",
]);

const CASES = [
  ...CNAB240_SAMPLE_BANKS.map((bank) => ["240", bank] as const),
  ...CNAB400_SAMPLE_BANKS.map((bank) => ["400", bank] as const),
];

/** A number whose sample nosso número is all digits (Bradesco 400 writes `P` as the DV of every 7th). */
function numberFor(layout: "240" | "400") {
  let n = freshNumber();
  while (layout === "400" && n % 7 === 0) n = freshNumber();
  return n;
}

describe.each(CASES)("a CNAB %s return of bank %s", (layout, bank) => {
  it("settles the boletos it liquidates: receipt, interest and tariff entries on the credit date, history, title.paid", async () => {
    const account = await returnAccount(bank);
    const [n1, n2] = [numberFor(layout), numberFor(layout)];
    const [inFile1, inFile2] = [sampleNossoNumero(layout, bank, n1), sampleNossoNumero(layout, bank, n2)];
    const stored2 = WITH_CHECK_DIGIT.has(`${layout}-${bank}`) ? inFile2.slice(0, -1) : inFile2;
    const first = await boleto(s, { account, nossoNumero: inFile1, value: 150_000, description: "Venda A" });
    const second = await boleto(s, { account, nossoNumero: stored2, value: 80_000, description: "Venda B" });
    const bytes = returnBytes(layout, {
      bankCode: bank,
      records: [liquidation(inFile1, 150_000, { discount: 500 }), liquidation(inFile2, 80_000)],
    });

    const job = await importReturn(s, account, bytes, layout === "240" ? "multipart" : "two-steps");

    expect(job).toMatchObject({ Status: "Done", Total: 2, Processed: 2, Errors: [], FailureReason: null });
    expect(job.Result).toEqual({
      settled: 2,
      alreadySettled: 0,
      unknown: 0,
      rejected: 0,
      ignored: 0,
      tariffs: 2,
    });
    for (const id of [first, second]) expect(await titleRow(id)).toMatchObject({ status: 3, openValue: 0 });
    const posted = (await entriesOf(account)).map((e) => ({
      typeAccount: e.typeAccount,
      value: e.value,
      date: e.date,
      titleId: e.titleId,
      origin: e.origin,
    }));
    const on = { date: "2026-03-02 00:00:00", origin: "bank-return" };
    expect(posted).toEqual([
      { typeAccount: 0, value: 149_500, titleId: first, ...on },
      { typeAccount: 0, value: 1_000, titleId: null, ...on },
      { typeAccount: 1, value: 250, titleId: null, ...on },
      { typeAccount: 0, value: 80_000, titleId: second, ...on },
      { typeAccount: 0, value: 1_000, titleId: null, ...on },
      { typeAccount: 1, value: 250, titleId: null, ...on },
    ]);
    expect(await historyOf(first)).toEqual([
      expect.objectContaining({
        source: "CNAB",
        kind: "liquidation",
        occurrenceCode: "06",
        bankKey: inFile1.replace(/^0+/, ""),
        date: "2026-03-02",
        paidValue: 150_500,
        interest: 1_000,
        discount: 500,
        tariff: 250,
        reason: null,
        jobId: job.IDJob,
      }),
    ]);
    expect(await historyOf(second)).toEqual([
      expect.objectContaining({ bankKey: stored2.replace(/^0+/, ""), paidValue: 81_000 }),
    ]);
    for (const id of [first, second]) expect(await paidEventsOf(id)).toHaveLength(1);
    const history = await s.api.get(`/accounts/receivable/${first}/collection`);
    expect(history).toMatchObject({
      status: 200,
      body: [
        {
          Source: "CNAB",
          Kind: "liquidation",
          OccurrenceCode: "06",
          Date: "2026-03-02",
          PaidValue: 1505,
          Interest: 10,
          Discount: 5,
          Tariff: 2.5,
          Reason: null,
          IDJob: job.IDJob,
        },
      ],
    });
  });
});
