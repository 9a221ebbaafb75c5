import { beforeAll, describe, expect, it } from "vitest";
import {
  allKindsSample,
  CNAB240_SAMPLE_BANKS,
  CNAB400_SAMPLE_BANKS,
  SAMPLE_CODES,
} from "../../fixtures/cnab/generate";
import { seedAccounts } from "../../support/seed";
import {
  boleto,
  entriesOf,
  errorsOfJob,
  historyOf,
  importReturn,
  paidEventsOf,
  returnAccount,
  returnBytes,
  type Session,
  session,
  titleRow,
} from "./support";

/**
 * What each occurrence kind does, for every bank and layout, over HTTP: the generator's sample of
 * the bank (every liquidation code, entry confirmed with a registration tariff, rejected with
 * reasons, written off, a tariff occurrence, an ignored code), each record naming a boleto of the
 * account. Liquidations settle; the others are history only, but the tariff occurrence posts its
 * tariff; the ignored code writes nothing.
 */

let s: Session;
beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

const CASES = [
  ...CNAB240_SAMPLE_BANKS.map((bank) => ["240", bank] as const),
  ...CNAB400_SAMPLE_BANKS.map((bank) => ["400", bank] as const),
];

describe.each(CASES)("every occurrence kind of a CNAB %s return of bank %s", (layout, bank) => {
  it("liquidations settle, rejections keep their reasons, the tariff occurrence posts its tariff, nothing else moves money", async () => {
    const account = await returnAccount(bank);
    const sample = allKindsSample(layout, bank);
    const codes = SAMPLE_CODES[`${layout}-${bank}`] ?? SAMPLE_CODES[layout]!;
    const ids: number[] = [];
    for (const record of sample.records) {
      // Bradesco's check digit may be the letter P: the title stores the number without it
      const stored = /\d$/.test(record.nossoNumero) ? record.nossoNumero : record.nossoNumero.slice(0, -1);
      ids.push(await boleto(s, { account, nossoNumero: stored, value: record.titleValue }));
    }
    const liquidations = codes.liquidation.length;

    const job = await importReturn(s, account, returnBytes(layout, sample));

    expect(job).toMatchObject({ Status: "Done", Total: sample.records.length, Errors: [] });
    expect(job.Result).toEqual({
      settled: liquidations,
      alreadySettled: 0,
      unknown: 0,
      rejected: 1,
      ignored: 3,
      tariffs: liquidations + 1,
    });
    expect(await errorsOfJob(job.IDJob)).toEqual([]);

    const posted = await entriesOf(account);
    for (const [i, record] of sample.records.entries()) {
      const id = ids[i]!;
      const title = await titleRow(id);
      const history = await historyOf(id);
      if (i < liquidations) {
        expect(title).toMatchObject({ status: 3, openValue: 0 });
        expect(history).toEqual([
          expect.objectContaining({
            kind: "liquidation",
            occurrenceCode: record.occurrence,
            date: "2026-03-02",
            paidValue: record.paid,
            interest: 1_234,
            discount: 500,
            tariff: 350,
          }),
        ]);
        expect(posted.filter((e) => e.titleId === id).map((e) => e.value)).toEqual([record.titleValue - 500]);
        expect(await paidEventsOf(id)).toHaveLength(1);
        continue;
      }
      expect(title).toMatchObject({ status: 1, openValue: record.titleValue });
      expect(posted.filter((e) => e.titleId === id)).toEqual([]);
      const kind = ["entryConfirmed", "rejected", "writtenOff", "tariff", null][i - liquidations];
      if (kind === null) {
        expect(record.occurrence).toBe(codes.ignored);
        expect(history).toEqual([]);
        continue;
      }
      expect(history).toEqual([
        expect.objectContaining({
          kind,
          occurrenceCode: record.occurrence,
          date: "2026-02-27",
          paidValue: 0,
          tariff: record.tariff ?? 0,
          reason:
            kind === "rejected"
              ? `Motivos da rejeição (códigos do banco): ${(record.reasons ?? []).join(", ")}`
              : null,
        }),
      ]);
    }
    // money: per liquidation a receipt, its interest and its tariff; the tariff occurrence's 9.90
    const outflows = posted.filter((e) => e.typeAccount === 1).map((e) => e.value);
    expect(outflows).toEqual([...Array.from({ length: liquidations }, () => 350), 990]);
    const interest = posted.filter((e) => e.typeAccount === 0 && e.titleId === null).map((e) => e.value);
    expect(interest).toEqual(Array.from({ length: liquidations }, () => 1_234));
    const rejected = await s.api.get(`/accounts/receivable/${ids[liquidations + 1]}/collection`);
    expect(rejected.body).toEqual([
      expect.objectContaining({ Kind: "rejected", Reason: expect.stringContaining("Motivos da rejeição") }),
    ]);
  });
});
