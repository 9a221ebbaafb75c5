import { beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../support/answers";
import { call, client, type ErrorBody, signIn, tokenFor } from "../../support/api";
import {
  accountRow,
  historyOf,
  insertBankAccount,
  insertCashier,
  insertIntegration,
  insertInvoicingCompany,
  insertOrderType,
  newestId,
} from "../../support/bank-account-factories";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";

let api: ReturnType<typeof client>;
let tef: number;
let pix: number;
let orderType: number;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  tef = await insertIntegration(1, "TEF", "TEF Sitef");
  pix = await insertIntegration(1, "PIX", "Pix Itaú");
  orderType = await insertOrderType(1, { companyInvoiceIds: [1] });
});

const registry = () => ({
  IDCompanyInvoice: 1,
  IDCompanyIntegration: tef,
  IDCompanyIntegrationPix: pix,
  IDTypeOrder: orderType,
  TefTerminal: "T01",
});

/** A fully filled account created through the API. */
async function fullAccount(extra: Record<string, unknown> = {}) {
  const response = await api.post("/accounts/bank-account", {
    Bank: "Itaú",
    BankNumber: "341",
    Agency: "0001",
    AccountNumber: "12345-6",
    ...registry(),
    ...extra,
  });
  expect(response.status).toBe(200);
  return newestId(response.body);
}

const put = <T = Answer<"$put", "/accounts/bank-account/:idbankaccount">>(id: number, body: unknown) =>
  api.put<T>(`/accounts/bank-account/${id}`, body);

const flags = async (id: number) => {
  const row = await accountRow(id);
  return { MainIncome: row!.mainIncome, MainPayment: row!.mainPayment };
};

describe("PUT /accounts/bank-account/{idbankaccount} (registry mode)", () => {
  it("changes only the sent fields, always rewrites the five registry fields, and answers the refreshed list", async () => {
    const id = await fullAccount();
    const response = await put(id, { Bank: "Itaú Unibanco" });
    expect(response.status).toBe(200);
    expect(response.body.find((a) => a.IDBankAccount === id)).toMatchObject({
      Bank: "Itaú Unibanco",
      BankNumber: "341",
      Agency: "0001",
      AccountNumber: "12345-6",
      IDCompanyInvoice: null,
      IDCompanyIntegration: null,
      IDCompanyIntegrationPix: null,
      CompanyIntegrationPix: null,
      IDTypeOrder: null,
      TefTerminal: null,
    });
    expect(await accountRow(id)).toMatchObject({
      bank: "Itaú Unibanco",
      companyInvoiceId: null,
      companyIntegrationId: null,
      companyIntegrationPixId: null,
      orderTypeId: null,
      tefTerminal: null,
    });
  });

  it("keeps the five registry fields when they are all sent again", async () => {
    const id = await fullAccount();
    const response = await put(id, { ...registry(), Agency: "0002" });
    expect(response.status).toBe(200);
    expect(response.body.find((a) => a.IDBankAccount === id)).toMatchObject({
      ...registry(),
      Agency: "0002",
      AccountNumber: "12345-6",
      CompanyIntegrationPix: "Pix Itaú",
    });
  });

  it("clears each always-rewritten field omitted on its own", async () => {
    const columns = {
      IDCompanyInvoice: "companyInvoiceId",
      IDCompanyIntegration: "companyIntegrationId",
      IDCompanyIntegrationPix: "companyIntegrationPixId",
      IDTypeOrder: "orderTypeId",
      TefTerminal: "tefTerminal",
    } as const;
    for (const [field, column] of Object.entries(columns)) {
      const id = await fullAccount();
      const { [field as keyof typeof columns]: _omitted, ...rest } = registry();
      expect((await put(id, rest)).status).toBe(200);
      const row = (await accountRow(id))!;
      expect(row[column]).toBeNull();
      for (const kept of Object.values(columns).filter((c) => c !== column)) expect(row[kept]).not.toBeNull();
    }
  });

  it("records the changed fields, before and after, in the account history", async () => {
    const id = await fullAccount();
    await put(id, { ...registry(), Bank: "Bradesco", BankNumber: "237" });
    const last = (await historyOf(id)).at(-1)!;
    expect(last).toMatchObject({ action: "update", userId: 1 });
    expect(JSON.parse(last.changes)).toEqual({
      Bank: { Before: "Itaú", After: "Bradesco" },
      BankNumber: { Before: "341", After: "237" },
    });
    // nothing changed: nothing recorded
    const count = (await historyOf(id)).length;
    expect((await put(id, { ...registry(), Bank: "Bradesco" })).status).toBe(200);
    expect(await historyOf(id)).toHaveLength(count);
  });

  it("refuses a blank Bank or BankNumber and a BankNumber longer than 3 characters", async () => {
    const id = await fullAccount();
    expectRefusal(await put(id, { Bank: "" }), "Banco (Bank) é obrigatório");
    expectRefusal(await put(id, { BankNumber: " " }), "Código do banco (BankNumber) é obrigatório");
    expectRefusal(await put(id, { BankNumber: "0001" }), "BankNumber aceita no máximo 3 caracteres");
    expect(await accountRow(id)).toMatchObject({ bank: "Itaú", bankNumber: "341", tefTerminal: "T01" });
  });

  describe("Empresa não existe", () => {
    it("for an account of another company, leaving it unchanged", async () => {
      const elsewhere = await insertBankAccount({ companyId: 2, bank: "Filial", bankNumber: "001" });
      expectRefusal(await put(elsewhere, { Bank: "Hacked" }), "Empresa não existe");
      expect(await accountRow(elsewhere)).toMatchObject({ bank: "Filial", companyId: 2 });
      expect(await historyOf(elsewhere)).toEqual([]);
    });

    it("for a missing or deleted account", async () => {
      const deleted = await insertBankAccount({ companyId: 1, status: 0 });
      for (const id of [999_999, deleted]) {
        expectRefusal(await put(id, { Bank: "X" }), "Empresa não existe");
      }
    });

    it("when the caller's company does not exist", async () => {
      const id = await fullAccount();
      const token = await tokenFor({ userId: 1, companyId: 99, account: "demo" });
      expectRefusal(
        await call("demo", "PUT", `/1.0/accounts/bank-account/${id}`, { token, body: { Bank: "X" } }),
        "Empresa não existe",
      );
    });
  });

  it("refuses a path id that is not an int32", async () => {
    for (const id of ["abc", "0", "2147483648"]) {
      const response = await put<ErrorBody>(id as unknown as number, { Bank: "X" });
      expect(response.status).toBe(400);
      expect(response.body.errorMessage).toContain("idbankaccount");
    }
  });

  it("validates the registries like POST, with the new values", async () => {
    const id = await fullAccount();
    const disabled = await insertOrderType(1, { enabledPos: 0, companyInvoiceIds: [1] });
    const otherInvoice = await insertOrderType(1, { companyInvoiceIds: [await insertInvoicingCompany(1)] });
    const cases: [Record<string, unknown>, string][] = [
      [{ IDCompanyInvoice: 2 }, "Faturador não existe"],
      [{ IDCompanyIntegration: pix }, "Integração não existe"],
      [{ IDCompanyIntegrationPix: tef }, "Integração Pix não existe"],
      [{ IDTypeOrder: 9999 }, "Tipo pedido não existe"],
      [{ IDTypeOrder: disabled }, "Tipo pedido não está habilitado para frente de caixa"],
      [
        { IDTypeOrder: otherInvoice },
        "Tipo pedido não está habilitado para esta empresa/faturador, ajustar no cadastro",
      ],
    ];
    for (const [change, message] of cases) {
      expectRefusal(await put(id, { ...registry(), ...change }), message);
    }
    // the order type's invoicing companies are checked against the invoicing company sent now
    expect((await put(id, { ...registry(), IDCompanyInvoice: null, IDTypeOrder: otherInvoice })).status).toBe(
      200,
    );
  });

  describe("bank code of an internal (000) account with an open POS cashier", () => {
    it("refuses the change while the cashier is open", async () => {
      const id = await fullAccount({ BankNumber: "000" });
      await insertCashier(1, id);
      expectRefusal(
        await put(id, { ...registry(), BankNumber: "001" }),
        "Conta possui caixa aberto e não pode ser editado",
      );
      expect((await accountRow(id))!.bankNumber).toBe("000");
      // other fields, or the same code, can still be edited
      expect((await put(id, { ...registry(), BankNumber: "000", Bank: "Caixa PDV" })).status).toBe(200);
    });

    it("allows it once the cashier is closed, or when the account is not internal", async () => {
      const closed = await fullAccount({ BankNumber: "000" });
      await insertCashier(1, closed, { closed: true });
      expect((await put(closed, { ...registry(), BankNumber: "001" })).status).toBe(200);
      expect((await accountRow(closed))!.bankNumber).toBe("001");

      const external = await fullAccount({ BankNumber: "341" });
      await insertCashier(1, external);
      expect((await put(external, { ...registry(), BankNumber: "237" })).status).toBe(200);
      expect((await accountRow(external))!.bankNumber).toBe("237");
    });
  });

  describe("main-account rule", () => {
    it("MainIncome=1 clears both main accounts of the same invoicing company only", async () => {
      const otherInvoice = await insertInvoicingCompany(1);
      const receiving = await fullAccount({ MainIncome: 1 });
      const paying = await fullAccount({ MainPayment: 1 });
      const elsewhere = await insertBankAccount({
        companyId: 1,
        companyInvoiceId: otherInvoice,
        mainIncome: 1,
        mainPayment: 1,
      });
      const promoted = await fullAccount();
      expect((await put(promoted, { ...registry(), MainIncome: 1 })).status).toBe(200);
      expect(await flags(promoted)).toEqual({ MainIncome: 1, MainPayment: 0 });
      expect(await flags(receiving)).toEqual({ MainIncome: 0, MainPayment: 0 });
      expect(await flags(paying)).toEqual({ MainIncome: 0, MainPayment: 0 });
      expect(await flags(elsewhere)).toEqual({ MainIncome: 1, MainPayment: 1 });
    });

    it("MainPayment=1 clears only the main paying account, and never the account itself", async () => {
      const both = await fullAccount({ MainIncome: 1, MainPayment: 1 });
      const promoted = await fullAccount();
      expect((await put(promoted, { ...registry(), MainPayment: 1 })).status).toBe(200);
      expect(await flags(promoted)).toEqual({ MainIncome: 0, MainPayment: 1 });
      expect(await flags(both)).toEqual({ MainIncome: 1, MainPayment: 0 });
      // raising again the flags an account already has keeps them
      expect((await put(both, { ...registry(), MainIncome: 1 })).status).toBe(200);
      expect(await flags(both)).toEqual({ MainIncome: 1, MainPayment: 0 });
      expect(await flags(promoted)).toEqual({ MainIncome: 0, MainPayment: 0 });
    });

    it("an edit that does not raise a flag clears nothing", async () => {
      const receiving = await fullAccount({ MainIncome: 1 });
      const paying = await fullAccount({ MainPayment: 1 });
      expect((await put(receiving, { ...registry(), TefTerminal: "T02" })).status).toBe(200);
      expect(await flags(paying)).toEqual({ MainIncome: 0, MainPayment: 1 });
      expect(await flags(receiving)).toEqual({ MainIncome: 1, MainPayment: 0 });
    });

    it("an account moved to another invoicing company takes its main flags there", async () => {
      const target = await insertInvoicingCompany(1);
      const incumbent = await insertBankAccount({ companyId: 1, companyInvoiceId: target, mainPayment: 1 });
      const mover = await fullAccount({ MainPayment: 1 });
      const orderForTarget = await insertOrderType(1, { companyInvoiceIds: [target] });
      expect(
        (await put(mover, { ...registry(), IDCompanyInvoice: target, IDTypeOrder: orderForTarget })).status,
      ).toBe(200);
      expect(await flags(mover)).toEqual({ MainIncome: 0, MainPayment: 1 });
      expect(await flags(incumbent)).toEqual({ MainIncome: 0, MainPayment: 0 });
    });
  });

  it("refuses InitialBalance or InitialBalanceDate sent alone, changing nothing", async () => {
    const id = await fullAccount();
    for (const body of [{ InitialBalance: 10 }, { InitialBalanceDate: "2026-01-01" }]) {
      expectRefusal(
        await put(id, body),
        "InitialBalance e InitialBalanceDate devem ser enviados juntos para ajustar o saldo inicial",
      );
    }
    expect(await accountRow(id)).toMatchObject({ tefTerminal: "T01", companyInvoiceId: 1 });
  });
});
