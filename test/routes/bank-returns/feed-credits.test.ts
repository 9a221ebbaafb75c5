import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankLines, conciliationLinks } from "../../../drizzle/schema";
import { seedAccounts } from "../../support/seed";
import {
  boleto,
  db,
  entriesOf,
  freshNumber,
  importReturn,
  liquidation,
  returnAccount,
  returnBytes,
  type Session,
  session,
  titleRow,
} from "./support";

/**
 * The same money from a CNAB return and a bank feed is one line: the feed's credit line of a boleto
 * (amount = the paid value, dated within two business days of the credit date, naming the boleto) is
 * reconciled with the entries the return posted, never doubled by another. Here the feed's line is
 * already there when the return arrives (written as the feed writes it).
 */

let s: Session;
beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

const itau = (n: number) => `${String(n).padStart(8, "0")}${n % 10}`;

async function feedCredit(
  bankAccountId: number,
  line: { date: string; value: number; description: string; payerDocument?: string },
) {
  const id = `tx-${crypto.randomUUID()}`;
  const [row] = await db()
    .insert(bankLines)
    .values({
      companyId: 1,
      bankAccountId,
      date: line.date,
      value: line.value,
      description: line.description,
      payerDocument: line.payerDocument ?? null,
      dedupeKey: `of:${id}`,
      origin: "OpenFinance",
      feedTransactionId: id,
    })
    .returning({ id: bankLines.id });
  return row!.id;
}

const lineRow = (id: number) => db().select().from(bankLines).where(eq(bankLines.id, id)).get();
const linksOf = (id: number) =>
  db().select().from(conciliationLinks).where(eq(conciliationLinks.bankLineId, id));

describe("feed × CNAB return credit", () => {
  it("the feed's credit of the boleto is reconciled with the return's receipt and interest, once", async () => {
    const account = await returnAccount("341");
    const n = freshNumber();
    const titleId = await boleto(s, { account, nossoNumero: String(n), value: 50_000 });
    // Credited Monday 2 March; the feed dates it Tuesday 3 (one business day later).
    const line = await feedCredit(account, {
      date: "2026-03-03",
      value: 51_000,
      description: `LIQUIDACAO BOLETO ${n}`,
    });
    const unrelated = await feedCredit(account, {
      date: "2026-03-02",
      value: 51_000,
      description: "PIX RECEBIDO FULANO",
    });

    const job = await importReturn(
      s,
      account,
      returnBytes("240", { bankCode: "341", records: [liquidation(itau(n), 50_000)] }),
    );
    expect(job.Result).toMatchObject({ settled: 1 });
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0 });

    const inflows = (await entriesOf(account)).filter((e) => e.typeAccount === 0);
    expect(inflows.map((e) => e.value).sort()).toEqual([1_000, 50_000]);
    expect(await lineRow(line)).toMatchObject({ statusId: 2, reconciledValue: 51_000 });
    expect((await linksOf(line)).map((l) => [l.entryId, l.postedByLink]).sort()).toEqual(
      inflows.map((e) => [e.id, 0]).sort(),
    );
    expect(await lineRow(unrelated)).toMatchObject({ statusId: 1, reconciledValue: 0 });

    // The return sent again (another file with the same line) moves nothing.
    await importReturn(
      s,
      account,
      returnBytes("240", {
        bankCode: "341",
        records: [liquidation(itau(n), 50_000), liquidation(itau(freshNumber()), 10)],
      }),
    );
    expect(await linksOf(line)).toHaveLength(2);
    expect(await lineRow(unrelated)).toMatchObject({ statusId: 1 });
  });

  it("two feed lines that both fit: neither is reconciled (ambiguous); one that names nothing: left alone", async () => {
    const account = await returnAccount("341");
    const n = freshNumber();
    await boleto(s, { account, nossoNumero: String(n), value: 20_000 });
    const a = await feedCredit(account, { date: "2026-03-02", value: 21_000, description: `BOLETO ${n}` });
    const b = await feedCredit(account, { date: "2026-03-03", value: 21_000, description: `COBRANCA ${n}` });
    const m = freshNumber();
    await boleto(s, { account, nossoNumero: String(m), value: 30_000 });
    const anonymous = await feedCredit(account, {
      date: "2026-03-02",
      value: 31_000,
      description: "CREDITO COBRANCA",
    });

    await importReturn(
      s,
      account,
      returnBytes("240", {
        bankCode: "341",
        records: [liquidation(itau(n), 20_000), liquidation(itau(m), 30_000)],
      }),
    );
    for (const id of [a, b, anonymous])
      expect(await lineRow(id)).toMatchObject({ statusId: 1, reconciledValue: 0 });
  });

  it("a feed line three business days after the credit date is another movement", async () => {
    const account = await returnAccount("341");
    const n = freshNumber();
    await boleto(s, { account, nossoNumero: String(n), value: 9_000 });
    const late = await feedCredit(account, { date: "2026-03-05", value: 10_000, description: `BOLETO ${n}` });
    await importReturn(
      s,
      account,
      returnBytes("240", { bankCode: "341", records: [liquidation(itau(n), 9_000)] }),
    );
    expect(await lineRow(late)).toMatchObject({ statusId: 1 });
  });
});
