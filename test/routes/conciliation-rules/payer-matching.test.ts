import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankLines } from "../../../drizzle/schema";
import {
  bankAccount,
  db,
  entriesOfAccount,
  importOfx,
  linesOf,
  ofx,
  RULES_PATH,
  rule,
  type Session,
  session,
  title,
  titleRow,
} from "../../support/import-factories";
import { seedAccounts } from "../../support/seed";
import { waitForJob } from "../../support/upload-factories";

/**
 * Rules on the payer (PayerDocument) and on the Pix txid (HasTxId) over HTTP, on every path that runs
 * rules: the OFX import (lines matched as they arrive), the apply job (`ConciliationRuleApply`, over
 * the pending lines) and the preview. Received-Pix lines are written straight into D1 with the
 * columns the Pix ingestion fills (end_to_end_id, tx_id, payer_document, payer_name).
 */

const CPF = "12345678909";
const OTHER_CPF = "98765432100";
const CNPJ = "12ABC34501DE35";
const DAY = "2024-03-05";

let s: Session;
let worlds = 0;
let pixSequence = 0;

beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

/** A received Pix as the Pix ingestion stores it: a pending credit line keyed by its endToEndId. */
async function pixLine(
  bankAccountId: number,
  fields: { cents: number; payerDocument: string | null; txId: string | null; name: string },
): Promise<number> {
  const sequence = String(++pixSequence).padStart(11, "0");
  const endToEndId = `E00038166202403051200${sequence}`;
  const [row] = await db()
    .insert(bankLines)
    .values({
      companyId: 1,
      bankAccountId,
      date: DAY,
      value: fields.cents,
      description: `Pix recebido ${fields.name}`,
      dedupeKey: `e2e:${endToEndId}`,
      endToEndId,
      txId: fields.txId,
      payerDocument: fields.payerDocument,
      payerName: fields.name,
      createdBy: 1,
    })
    .returning({ id: bankLines.id });
  return row!.id;
}

/** An account and titles of values no other world uses (titles of the company are shared). */
async function world() {
  const k = ++worlds;
  const cents = (reais: number) => reais * 100 + k;
  const account = await bankAccount({ bankNumber: "341", accountNumber: `${91000 + k}-0` });
  return { k, cents, account, accountNumber: `${91000 + k}-0` };
}

/**
 * The three rules of these tests, on credits of the account (type 1):
 * - `payer`: no description, PayerDocument = CPF (the most specific: a payer document);
 * - `charged`: "PIX RECEBIDO" and HasTxId true;
 * - `uncharged`: "RECEBIDO" and HasTxId false.
 */
async function conditionRules(account: number) {
  const base = { IDBankAccount: account, IDTypeRule: 1, IDTypeAccount: 0 };
  return {
    payer: await rule(s, { ...base, Description: null, PayerDocument: "123.456.789-09" }),
    charged: await rule(s, { ...base, Description: "PIX RECEBIDO", HasTxId: true }),
    uncharged: await rule(s, { ...base, Description: "RECEBIDO", HasTxId: false }),
  };
}

async function applyAndWait(bankAccountId: number) {
  const response = await s.api.post(`${RULES_PATH}/apply`, { IDBankAccount: bankAccountId });
  expect(response.status).toBe(200);
  return waitForJob(s.token, response.body.IDJob, 30_000);
}

const lineRow = (id: number) => db().select().from(bankLines).where(eq(bankLines.id, id)).get();

describe("rules on the payer and on the txid: the apply job", () => {
  it("each line goes to the rule whose conditions it meets", async () => {
    const w = await world();
    const titles = {
      fromCpf: await title({ value: w.cents(301), dueDate: DAY }),
      charged: await title({ value: w.cents(302), dueDate: DAY }),
      uncharged: await title({ value: w.cents(303), dueDate: DAY }),
      noPayer: await title({ value: w.cents(305), dueDate: DAY }),
    };
    const lines = {
      // the payer rule takes it (a txid or not); the others would too, but the payer is more specific
      fromCpf: await pixLine(w.account, {
        cents: w.cents(301),
        payerDocument: CPF,
        txId: null,
        name: "Fulano",
      }),
      // another payer, a txid: only "PIX RECEBIDO" with HasTxId true
      charged: await pixLine(w.account, {
        cents: w.cents(302),
        payerDocument: CNPJ,
        txId: "pedido12345fatura6789abcdef0",
        name: "Empresa",
      }),
      // another payer, no txid: only "RECEBIDO" with HasTxId false
      uncharged: await pixLine(w.account, {
        cents: w.cents(303),
        payerDocument: CNPJ,
        txId: null,
        name: "Empresa",
      }),
      // a txid, a payer of no rule, no title of its value: the rule is recorded, the line stays pending
      noTitle: await pixLine(w.account, {
        cents: w.cents(304),
        payerDocument: OTHER_CPF,
        txId: "pedido12345fatura6789abcdef1",
        name: "Beltrano",
      }),
      // no payer, no txid, a text no description contains: only the payer rule's blank description
      // would fit, and a line without payer never meets a PayerDocument
      noPayer: (
        await db()
          .insert(bankLines)
          .values({
            companyId: 1,
            bankAccountId: w.account,
            date: DAY,
            value: w.cents(305),
            description: "CREDITO DIVERSO",
            dedupeKey: `manual:${w.k}`,
          })
          .returning({ id: bankLines.id })
      )[0]!.id,
    };
    const rules = await conditionRules(w.account);

    const job = await applyAndWait(w.account);
    expect(job).toMatchObject({ Status: "Done", Result: { lines: 5, autoReconciled: 3, pending: 2 } });
    expect(await lineRow(lines.fromCpf)).toMatchObject({ statusId: 2, ruleId: rules.payer });
    expect(await lineRow(lines.charged)).toMatchObject({ statusId: 2, ruleId: rules.charged });
    expect(await lineRow(lines.uncharged)).toMatchObject({ statusId: 2, ruleId: rules.uncharged });
    expect(await lineRow(lines.noTitle)).toMatchObject({ statusId: 1, ruleId: rules.charged });
    expect(await lineRow(lines.noPayer)).toMatchObject({ statusId: 1, ruleId: null });
    for (const id of [titles.fromCpf, titles.charged, titles.uncharged]) {
      expect(await titleRow(id)).toMatchObject({ openValue: 0, status: 3 });
    }
    expect(await titleRow(titles.noPayer)).toMatchObject({ openValue: w.cents(305), status: 1 });
    expect((await entriesOfAccount(w.account)).map((e) => [e.origin, e.titleId, e.value])).toEqual([
      ["rule", titles.fromCpf, w.cents(301)],
      ["rule", titles.charged, w.cents(302)],
      ["rule", titles.uncharged, w.cents(303)],
    ]);
  });

  it("a rule changed to another payer lets its line go, and takes its new payer's line", async () => {
    const w = await world();
    const fromCnpj = await title({ value: w.cents(312), dueDate: DAY });
    // no title of this value: the CPF line stays pending with the rule recorded
    const cpfLine = await pixLine(w.account, {
      cents: w.cents(311),
      payerDocument: CPF,
      txId: null,
      name: "A",
    });
    const cnpjLine = await pixLine(w.account, {
      cents: w.cents(312),
      payerDocument: CNPJ,
      txId: null,
      name: "B",
    });
    const base = { IDBankAccount: w.account, IDTypeRule: 1, IDTypeAccount: 0 };
    const payer = await rule(s, { ...base, PayerDocument: CPF });

    expect((await applyAndWait(w.account)).Result).toEqual({ lines: 2, autoReconciled: 0, pending: 2 });
    expect(await lineRow(cpfLine)).toMatchObject({ statusId: 1, ruleId: payer });
    expect(await lineRow(cnpjLine)).toMatchObject({ statusId: 1, ruleId: null });

    const changed = await s.api.put(`${RULES_PATH}/${payer}`, {
      ...base,
      PayerDocument: "12.abc.345/01de-35",
    });
    expect(changed.status).toBe(200);
    expect((await applyAndWait(w.account)).Result).toEqual({ lines: 2, autoReconciled: 1, pending: 1 });
    expect(await lineRow(cnpjLine)).toMatchObject({ statusId: 2, ruleId: payer });
    // the rule no longer matches the CPF line: the rule it carried is cleared
    expect(await lineRow(cpfLine)).toMatchObject({ statusId: 1, ruleId: null });
    expect(await titleRow(fromCnpj)).toMatchObject({ openValue: 0, status: 3 });
  });
});

describe("rules on the payer and on the txid: the OFX import", () => {
  it("OFX lines carry neither payer nor txid: only HasTxId false (or no condition) takes them", async () => {
    const w = await world();
    const sale = await title({ value: w.cents(321), dueDate: DAY });
    const rules = await conditionRules(w.account);
    const text = (reais: number) => (w.cents(reais) / 100).toFixed(2);
    const job = await importOfx(
      s.token,
      w.account,
      ofx(
        [
          // without its conditions the payer rule (blank description, most specific) would take both
          { fitId: "O1", date: "20240305", amount: text(321), memo: "PIX RECEBIDO LOJA" },
          { fitId: "O2", date: "20240305", amount: text(322), memo: "TED CREDITADA" },
        ],
        { bankId: "341", acctId: w.accountNumber },
      ),
    );
    expect(job.Result).toMatchObject({ imported: 2, autoReconciled: 1, pending: 1 });
    const [o1, o2] = await linesOf(w.account);
    expect(o1).toMatchObject({
      fitId: "O1",
      statusId: 2,
      ruleId: rules.uncharged,
      payerDocument: null,
      txId: null,
    });
    expect(o2).toMatchObject({ fitId: "O2", statusId: 1, ruleId: null });
    expect(await titleRow(sale)).toMatchObject({ openValue: 0, status: 3 });
  });
});

describe("rules on the payer and on the txid: the preview", () => {
  it("a draft with a payer document takes only that payer's lines, writing nothing", async () => {
    const w = await world();
    const sale = await title({ value: w.cents(331), dueDate: DAY });
    await title({ value: w.cents(332), dueDate: DAY });
    const mine = await pixLine(w.account, { cents: w.cents(331), payerDocument: CPF, txId: null, name: "A" });
    await pixLine(w.account, { cents: w.cents(332), payerDocument: CNPJ, txId: null, name: "B" });
    await pixLine(w.account, {
      cents: w.cents(333),
      payerDocument: CPF,
      txId: "pedido12345fatura6789abcdef2",
      name: "A",
    });
    const before = await linesOf(w.account);

    const response = await s.api.post(`${RULES_PATH}/preview`, {
      IDBankAccount: w.account,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      PayerDocument: CPF,
      HasTxId: false,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      expect.objectContaining({
        IDBankStatementConciliation: mine,
        Outcome: "title",
        IDAccountPayableReceivable: sale,
      }),
    ]);
    expect(await linesOf(w.account)).toEqual(before);
  });
});
