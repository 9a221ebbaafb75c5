import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankLines } from "../../../drizzle/schema";
import { client, type ErrorBody, signIn } from "../../support/api";
import {
  bankAccount,
  db,
  entriesOfAccount,
  importOfx,
  linesOf,
  linksOfLine,
  ofx,
  RULES_PATH,
  rule,
  type Session,
  session,
  title,
  titleRow,
} from "../../support/import-factories";
import { expectRefusal } from "../../support/refusal";
import { ruleFactories } from "../../support/rule-factories";
import { seedAccounts } from "../../support/seed";
import { waitForJob } from "../../support/upload-factories";

const APPLY_PATH = `${RULES_PATH}/apply`;
let s: Session;

beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

/** An account whose imported lines stayed pending: the file came before any rule. */
async function importedWithoutRules(k: number) {
  const accountNumber = `${60000 + k}-0`;
  const account = await bankAccount({ bankNumber: "341", accountNumber });
  const cents = (reais: number) => reais * 100 + k;
  const text = (reais: number) => (cents(reais) / 100).toFixed(2);
  const titles = {
    sale: await title({ value: cents(210), dueDate: "2024-03-04" }),
    other: await title({ value: cents(77), dueDate: "2024-03-05" }),
  };
  const job = await importOfx(
    s.token,
    account,
    ofx(
      [
        { fitId: "P1", date: "20240305", amount: text(210), memo: "PIX RECEBIDO LOJA" },
        { fitId: "P2", date: "20240305", amount: text(77), memo: "PIX RECEBIDO OUTRO" },
        { fitId: "P3", date: "20240306", amount: `-${text(12)}`, memo: "TARIFA" },
      ],
      { bankId: "341", acctId: accountNumber },
    ),
  );
  expect(job.Result).toMatchObject({ imported: 3, autoReconciled: 0, pending: 3 });
  return { account, titles, cents };
}

async function applyAndWait(bankAccountId: number) {
  const response = await s.api.post(APPLY_PATH, { IDBankAccount: bankAccountId });
  expect(response).toMatchObject({
    status: 200,
    body: { IDJob: expect.any(Number), Message: "Aplicação das regras de conciliação agendada" },
  });
  return waitForJob(s.token, response.body.IDJob, 30_000);
}

describe("POST conciliation-rule/apply", () => {
  it("runs a rule added after the import over the lines left pending", async () => {
    const w = await importedWithoutRules(1);
    const pix = await rule(s, {
      IDBankAccount: w.account,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "PIX RECEBIDO",
    });

    const job = await applyAndWait(w.account);
    expect(job).toMatchObject({
      Type: "ConciliationRuleApply",
      Status: "Done",
      Total: 3,
      Processed: 3,
      Params: { IDBankAccount: w.account },
      FileName: null,
      Result: { lines: 3, autoReconciled: 2, pending: 1 },
    });
    const lines = await linesOf(w.account);
    expect(lines.map((line) => [line.fitId, line.statusId, line.ruleId])).toEqual([
      ["P1", 2, pix],
      ["P2", 2, pix],
      ["P3", 1, null],
    ]);
    expect(await titleRow(w.titles.sale)).toMatchObject({ openValue: 0, status: 3 });
    expect(await titleRow(w.titles.other)).toMatchObject({ openValue: 0, status: 3 });
    const link = await linksOfLine(lines[0]!.id);
    expect(link).toEqual([expect.objectContaining({ ruleId: pix, postedByLink: 1, createdBy: 1 })]);
    expect((await entriesOfAccount(w.account)).map((e) => [e.origin, e.value, e.date])).toEqual([
      ["rule", w.cents(210), "2024-03-05 00:00:00"],
      ["rule", w.cents(77), "2024-03-05 00:00:00"],
    ]);

    // a second run finds nothing left to reconcile and posts nothing twice
    const again = await applyAndWait(w.account);
    expect(again.Result).toEqual({ lines: 1, autoReconciled: 0, pending: 1 });
    expect(await entriesOfAccount(w.account)).toHaveLength(2);
  });

  it("records the rule on lines it cannot settle and clears it when the rule no longer matches", async () => {
    const w = await importedWithoutRules(2);
    const tarifa = await rule(s, {
      IDBankAccount: w.account,
      IDTypeRule: 1,
      IDTypeAccount: 1,
      Description: "TARIFA",
    });
    expect((await applyAndWait(w.account)).Result).toEqual({ lines: 3, autoReconciled: 0, pending: 3 });
    const p3 = (await linesOf(w.account)).find((line) => line.fitId === "P3")!;
    expect(p3).toMatchObject({ statusId: 1, ruleId: tarifa });

    expect((await s.api.delete(`${RULES_PATH}/${tarifa}`)).status).toBe(200);
    await applyAndWait(w.account);
    expect(await db().select().from(bankLines).where(eq(bankLines.id, p3.id)).get()).toMatchObject({
      statusId: 1,
      ruleId: null,
    });
  });

  it("an account without pending lines gives an empty run", async () => {
    const account = await bankAccount();
    expect(await applyAndWait(account)).toMatchObject({
      Status: "Done",
      Total: 0,
      Result: { lines: 0, autoReconciled: 0, pending: 0 },
    });
  });

  it("refuses a missing or unknown bank account with the rule messages", async () => {
    const make = ruleFactories("demo");
    const inactive = await make.bankAccount(1, { status: 0 });
    const foreign = await make.bankAccount(2);
    expectRefusal(await s.api.post(APPLY_PATH, {}), "Conta bancária obrigatória");
    expectRefusal(await s.api.post(APPLY_PATH, { IDBankAccount: null }), "Conta bancária obrigatória");
    for (const id of [999_999, inactive, foreign]) {
      expectRefusal(await s.api.post(APPLY_PATH, { IDBankAccount: id }), "Conta bancária não existe");
    }
    const filial = client("demo", await signIn("demo", "filial@demo.local"));
    const own = await bankAccount();
    expectRefusal(await filial.post(APPLY_PATH, { IDBankAccount: own }), "Conta bancária não existe");
    const wrongType = await s.api.post<ErrorBody>(APPLY_PATH, { IDBankAccount: "1" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errorMessage).toContain("IDBankAccount");
  });
});
