import { beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../support/answers";
import { call, client, type ErrorBody, signIn } from "../../support/api";
import {
  daysFromToday,
  insertBankAccount,
  insertBankAccounts,
  insertEntryRow,
  insertIntegration,
  insertInvoicingCompany,
  insertTitle,
  today,
} from "../../support/bank-account-factories";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";

let api: ReturnType<typeof client>;
let main: number;
let other: number;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  main = await insertBankAccount({ companyId: 1, bank: "Itaú", bankNumber: "341", companyInvoiceId: 1 });
  other = await insertBankAccount({ companyId: 1, bank: "Caixa", bankNumber: "104", companyInvoiceId: 1 });

  // Balance of `main`: every entry up to today (in the company's zone), whatever its direction.
  const entry = (typeAccount: 0 | 1, value: number, date: string, bankAccountId = main) =>
    insertEntryRow({ companyId: 1, bankAccountId, typeAccount, value, date });
  await entry(0, 100_000, `${daysFromToday(-40)} 09:00:00`); // +1000.00
  await entry(1, 25_050, `${daysFromToday(-3)} 18:30:00`); // -250.50
  await entry(0, 1_025, `${today()} 23:59:59`); // +10.25 (today counts)
  await entry(0, 999_900, `${daysFromToday(1)} 00:00:00`); // tomorrow: not in Balance
  await entry(0, 5_000, `${today()} 10:00:00`, other); // another account
  // Balance = 1000.00 - 250.50 + 10.25 = 759.75

  const title = (t: Partial<Parameters<typeof insertTitle>[0]>) =>
    insertTitle({ companyId: 1, bankAccountId: main, typeAccount: 0, value: 10_000, dueDate: today(), ...t });
  await title({ typeAccount: 0, value: 30_000, dueDate: daysFromToday(-5) }); // overdue receivable +300.00
  await title({ typeAccount: 0, value: 20_000, openValue: 12_025, status: 2, dueDate: today() }); // partial +120.25
  await title({ typeAccount: 1, value: 8_000, dueDate: today() }); // payable -80.00
  await title({ typeAccount: 0, value: 40_000, dueDate: daysFromToday(10) }); // receivable +400.00 in 10 days
  await title({ typeAccount: 1, value: 15_000, dueDate: daysFromToday(11) }); // payable in 11 days
  await title({ typeAccount: 0, value: 50_000, openValue: 0, status: 3, dueDate: today() }); // paid: excluded
  await title({ typeAccount: 1, value: 60_000, status: 0, dueDate: today() }); // deleted: excluded
  await title({ typeAccount: 0, value: 70_000, bankAccountId: other, dueDate: today() }); // other account
  await title({ typeAccount: 0, value: 70_000, bankAccountId: null, dueDate: today() }); // no forecast account
  await title({ companyId: 2, typeAccount: 0, value: 80_000, dueDate: today() }); // another company's title
});

type BankAccount = Answer<"$get", "/accounts/bank-account">[number];
const find = (list: BankAccount[], id: number) => list.find((a) => a.IDBankAccount === id)!;

describe("GET /accounts/bank-account", () => {
  it("answers Balance from the entries up to today and BalanceForecast with the titles due up to today", async () => {
    const response = await api.get("/accounts/bank-account");
    expect(response.status).toBe(200);
    // 759.75 + 300.00 + 120.25 - 80.00
    expect(find(response.body, main)).toMatchObject({ Balance: 759.75, BalanceForecast: 1100 });
    expect(find(response.body, other)).toMatchObject({ Balance: 50, BalanceForecast: 750 });
  });

  it("counts titles due up to DateForecast inclusive", async () => {
    const at = async (date: string) =>
      find((await api.get(`/accounts/bank-account?DateForecast=${date}`)).body, main).BalanceForecast;
    expect(await at(daysFromToday(9))).toBe(1100);
    expect(await at(daysFromToday(10))).toBe(1500); // + 400.00
    expect(await at(daysFromToday(11))).toBe(1350); // - 150.00
    expect(await at(daysFromToday(-6))).toBe(759.75); // nothing due yet: Balance only
    // Balance itself never depends on DateForecast
    expect(
      find((await api.get(`/accounts/bank-account?DateForecast=${daysFromToday(30)}`)).body, main).Balance,
    ).toBe(759.75);
  });

  it("lists only the caller's company's active accounts, ordered by id", async () => {
    const inactive = await insertBankAccount({ companyId: 1, status: 0 });
    const elsewhere = await insertBankAccount({ companyId: 2 });
    const ids = (await api.get("/accounts/bank-account")).body.map((a) => a.IDBankAccount);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toContain(main);
    expect(ids).not.toContain(inactive);
    expect(ids).not.toContain(elsewhere);
    const filial = client("demo", await signIn("demo", "filial@demo.local"));
    expect((await filial.get("/accounts/bank-account")).body.map((a) => a.IDBankAccount)).toEqual([
      elsewhere,
    ]);
  });

  it("filters by IDCompanyInvoice and BankNumber, answering [] when nothing matches", async () => {
    const invoice = await insertInvoicingCompany(1);
    const tagged = await insertBankAccount({ companyId: 1, bankNumber: "237", companyInvoiceId: invoice });
    expect(
      (await api.get(`/accounts/bank-account?IDCompanyInvoice=${invoice}`)).body.map((a) => a.IDBankAccount),
    ).toEqual([tagged]);
    expect((await api.get("/accounts/bank-account?BankNumber=341")).body.map((a) => a.IDBankAccount)).toEqual(
      [main],
    );
    expect((await api.get(`/accounts/bank-account?BankNumber=237&IDCompanyInvoice=1`)).body).toEqual([]);
    expect((await api.get("/accounts/bank-account?IDCompanyInvoice=9999")).body).toEqual([]);
  });

  it("refuses invalid filters with 400", async () => {
    expectRefusal(
      await api.get("/accounts/bank-account?BankNumber=3410"),
      "BankNumber aceita no máximo 3 caracteres",
    );
    for (const query of [
      "DateForecast=2026-02-30",
      "DateForecast=amanha",
      "IDCompanyInvoice=abc",
      "IDCompanyInvoice=0",
    ]) {
      const response = await api.get<ErrorBody>(`/accounts/bank-account?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.errorMessage).toContain(query.split("=")[0]);
    }
  });

  it("answers CompanyIntegrationPix with the Pix integration's description, or null", async () => {
    const pix = await insertIntegration(1, "PIX", "Pix Banco do Brasil");
    const post = await api.post("/accounts/bank-account", {
      Bank: "Banco do Brasil",
      BankNumber: "001",
      IDCompanyIntegrationPix: pix,
    });
    const created = post.body.find((a) => a.IDCompanyIntegrationPix === pix)!;
    expect(created.CompanyIntegrationPix).toBe("Pix Banco do Brasil");
    expect(find(post.body, main).CompanyIntegrationPix).toBeNull();
  });

  it("lists more accounts than an id list could bind (D1 binds at most 100 parameters per query)", async () => {
    const filial = client("demo", await signIn("demo", "filial@demo.local"));
    const ids = await insertBankAccounts(2, 120, "999");
    await insertEntryRow({
      companyId: 2,
      bankAccountId: ids[119]!,
      typeAccount: 0,
      value: 123,
      date: `${today()} 08:00:00`,
    });
    const list = (await filial.get("/accounts/bank-account?BankNumber=999")).body;
    expect(list).toHaveLength(120);
    expect(find(list, ids[119]!).Balance).toBe(1.23);
  });

  it("requires a token", async () => {
    expect(await call("demo", "GET", "/1.0/accounts/bank-account")).toMatchObject({
      status: 401,
      body: { errorMessage: "Não autorizado" },
    });
  });

  it("is documented under the Bank account tag", async () => {
    type Operations = Record<"get" | "post" | "put" | "delete", { tags: string[] }>;
    type BankAccountPaths = Record<
      | "/accounts/bank-account"
      | "/accounts/bank-account/{idbankaccount}"
      | "/accounts/bank-account/{idbankaccount}/history",
      Operations
    >;
    const doc = (await call<{ paths: BankAccountPaths }>("demo", "GET", "/openapi.json")).body;
    const operations = [
      doc.paths["/accounts/bank-account"].get,
      doc.paths["/accounts/bank-account"].post,
      doc.paths["/accounts/bank-account/{idbankaccount}"].put,
      doc.paths["/accounts/bank-account/{idbankaccount}"].delete,
      doc.paths["/accounts/bank-account/{idbankaccount}/history"].get,
    ];
    for (const operation of operations) expect(operation.tags).toEqual(["Bank account"]);
  });
});
