import { beforeAll, describe, expect, it } from "vitest";
import { bankAccounts } from "../../../drizzle/schema";
import { call, client, type ErrorBody, signIn, tokenFor } from "../../support/api";
import {
  accountRow,
  demoDb,
  historyOf,
  insertIntegration,
  insertInvoicingCompany,
  insertOrderType,
  newestId,
} from "../../support/bank-account-factories";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";

let api: ReturnType<typeof client>;
beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

const accountCount = async () => (await demoDb().select().from(bankAccounts)).length;

/** Creates an account and answers its id. */
async function create(body: Record<string, unknown>) {
  const response = await api.post("/accounts/bank-account", { Bank: "Banco", BankNumber: "001", ...body });
  expect(response.status).toBe(200);
  return newestId(response.body);
}

const flags = async (id: number) => {
  const row = await accountRow(id);
  return { MainIncome: row!.mainIncome, MainPayment: row!.mainPayment };
};

describe("POST /accounts/bank-account", () => {
  it("creates an account and answers the refreshed list in the GET shape", async () => {
    const pix = await insertIntegration(1, "PIX", "Pix Itaú");
    const tef = await insertIntegration(1, "TEF", "TEF Sitef");
    const orderType = await insertOrderType(1, { companyInvoiceIds: [1] });
    const response = await api.post("/accounts/bank-account", {
      Bank: "Itaú",
      BankNumber: "341",
      Agency: "0001",
      AccountNumber: "12345-6",
      IDCompanyInvoice: 1,
      IDCompanyIntegration: tef,
      IDCompanyIntegrationPix: pix,
      IDTypeOrder: orderType,
      TefTerminal: "T01",
    });
    expect(response.status).toBe(200);
    const id = newestId(response.body);
    expect(response.body.find((a) => a.IDBankAccount === id)).toEqual({
      IDBankAccount: id,
      Bank: "Itaú",
      BankNumber: "341",
      Agency: "0001",
      AccountNumber: "12345-6",
      MainIncome: 0,
      MainPayment: 0,
      IDCompanyInvoice: 1,
      IDCompanyIntegration: tef,
      IDCompanyIntegrationPix: pix,
      CompanyIntegrationPix: "Pix Itaú",
      IDTypeOrder: orderType,
      TefTerminal: "T01",
      Balance: 0,
      BalanceForecast: 0,
      Status: 1,
    });
    expect((await api.get("/accounts/bank-account")).body).toEqual(response.body);
    expect(await accountRow(id)).toMatchObject({ companyId: 1, bank: "Itaú", status: 1 });
  });

  it("records the creation in the account history, by the caller", async () => {
    const id = await create({ Bank: "Caixa", BankNumber: "104", Agency: "77" });
    const history = await historyOf(id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: "create", userId: 1, companyId: 1 });
    expect(JSON.parse(history[0]!.changes)).toEqual({
      Bank: { Before: null, After: "Caixa" },
      BankNumber: { Before: null, After: "104" },
      Agency: { Before: null, After: "77" },
      MainIncome: { Before: null, After: 0 },
      MainPayment: { Before: null, After: 0 },
    });
  });

  it("requires Bank and BankNumber with clear messages", async () => {
    const before = await accountCount();
    expectRefusal(
      await api.post("/accounts/bank-account", { BankNumber: "001" }),
      "Banco (Bank) é obrigatório",
    );
    expectRefusal(
      await api.post("/accounts/bank-account", { Bank: "  ", BankNumber: "001" }),
      "Banco (Bank) é obrigatório",
    );
    expectRefusal(
      await api.post("/accounts/bank-account", { Bank: "Itaú" }),
      "Código do banco (BankNumber) é obrigatório",
    );
    expectRefusal(
      await api.post("/accounts/bank-account", { Bank: "Itaú", BankNumber: null }),
      "Código do banco (BankNumber) é obrigatório",
    );
    expect(await accountCount()).toBe(before);
  });

  it("refuses a BankNumber longer than 3 characters and other bad input with 400 naming the field", async () => {
    expectRefusal(
      await api.post("/accounts/bank-account", { Bank: "Itaú", BankNumber: "3410" }),
      "BankNumber aceita no máximo 3 caracteres",
    );
    const badId = await api.post<ErrorBody>("/accounts/bank-account", {
      Bank: "I",
      BankNumber: "1",
      IDCompanyInvoice: "x",
    });
    expect(badId.status).toBe(400);
    expect(badId.body.errorMessage).toContain("IDCompanyInvoice");
    const badFlag = await api.post<ErrorBody>("/accounts/bank-account", {
      Bank: "I",
      BankNumber: "1",
      MainIncome: 2,
    });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.errorMessage).toContain("MainIncome");
  });

  it("answers Empresa não existe when the caller's company does not exist", async () => {
    const token = await tokenFor({ userId: 1, companyId: 99, account: "demo" });
    const response = await call("demo", "POST", "/1.0/accounts/bank-account", {
      token,
      body: { Bank: "Itaú", BankNumber: "341" },
    });
    expectRefusal(response, "Empresa não existe");
  });

  describe("registry validations, in the spec's order", () => {
    it("Faturador não existe: missing, or of another company", async () => {
      for (const IDCompanyInvoice of [9999, 2]) {
        expectRefusal(
          await api.post("/accounts/bank-account", { Bank: "B", BankNumber: "1", IDCompanyInvoice }),
          "Faturador não existe",
        );
      }
    });

    it("Integração não existe: missing, of another company, inactive, or a Pix integration", async () => {
      const otherCompany = await insertIntegration(2, "TEF");
      const inactive = await insertIntegration(1, "TEF", "Velha", 0);
      const pix = await insertIntegration(1, "PIX");
      for (const IDCompanyIntegration of [9999, otherCompany, inactive, pix]) {
        expectRefusal(
          await api.post("/accounts/bank-account", { Bank: "B", BankNumber: "1", IDCompanyIntegration }),
          "Integração não existe",
        );
      }
    });

    it("Integração Pix não existe: missing, of another company, or not a Pix integration", async () => {
      const otherCompany = await insertIntegration(2, "PIX");
      const tef = await insertIntegration(1, "TEF");
      for (const IDCompanyIntegrationPix of [9999, otherCompany, tef]) {
        expectRefusal(
          await api.post("/accounts/bank-account", { Bank: "B", BankNumber: "1", IDCompanyIntegrationPix }),
          "Integração Pix não existe",
        );
      }
    });

    it("Tipo pedido não existe: missing, of another company, or inactive", async () => {
      const otherCompany = await insertOrderType(2, { companyInvoiceIds: [2] });
      const inactive = await insertOrderType(1, { status: 0 });
      for (const IDTypeOrder of [9999, otherCompany, inactive]) {
        expectRefusal(
          await api.post("/accounts/bank-account", { Bank: "B", BankNumber: "1", IDTypeOrder }),
          "Tipo pedido não existe",
        );
      }
    });

    it("Tipo pedido não está habilitado para frente de caixa: EnabledPOS 0", async () => {
      const IDTypeOrder = await insertOrderType(1, { enabledPos: 0, companyInvoiceIds: [1] });
      expectRefusal(
        await api.post("/accounts/bank-account", {
          Bank: "B",
          BankNumber: "1",
          IDCompanyInvoice: 1,
          IDTypeOrder,
        }),
        "Tipo pedido não está habilitado para frente de caixa",
      );
    });

    it("Tipo pedido não está habilitado para esta empresa/faturador: the account's invoicing company is not listed", async () => {
      const other = await insertInvoicingCompany(1);
      const IDTypeOrder = await insertOrderType(1, { companyInvoiceIds: [other] });
      const noCompanies = await insertOrderType(1, { companyInvoiceIds: [] });
      for (const id of [IDTypeOrder, noCompanies]) {
        expectRefusal(
          await api.post("/accounts/bank-account", {
            Bank: "B",
            BankNumber: "1",
            IDCompanyInvoice: 1,
            IDTypeOrder: id,
          }),
          "Tipo pedido não está habilitado para esta empresa/faturador, ajustar no cadastro",
        );
      }
      // listed invoicing company, or an account without one: accepted
      await create({ IDCompanyInvoice: other, IDTypeOrder });
      await create({ IDTypeOrder: noCompanies });
    });

    it("checks in order: company, invoicing company, integration, Pix integration, order type", async () => {
      const disabled = await insertOrderType(1, { enabledPos: 0 });
      const all = {
        Bank: "B",
        BankNumber: "1",
        IDCompanyInvoice: 9999,
        IDCompanyIntegration: 9999,
        IDCompanyIntegrationPix: 9999,
        IDTypeOrder: disabled,
      };
      const token = await tokenFor({ userId: 1, companyId: 99, account: "demo" });
      const post = (body: object) => api.post<ErrorBody>("/accounts/bank-account", body);
      expect(
        (await call<ErrorBody>("demo", "POST", "/1.0/accounts/bank-account", { token, body: all })).body
          .errorMessage,
      ).toBe("Empresa não existe");
      expect((await post(all)).body.errorMessage).toBe("Faturador não existe");
      expect((await post({ ...all, IDCompanyInvoice: 1 })).body.errorMessage).toBe("Integração não existe");
      const tef = await insertIntegration(1, "TEF");
      expect((await post({ ...all, IDCompanyInvoice: 1, IDCompanyIntegration: tef })).body.errorMessage).toBe(
        "Integração Pix não existe",
      );
      const pix = await insertIntegration(1, "PIX");
      const valid = { ...all, IDCompanyInvoice: 1, IDCompanyIntegration: tef, IDCompanyIntegrationPix: pix };
      expect((await post(valid)).body.errorMessage).toBe(
        "Tipo pedido não está habilitado para frente de caixa",
      );
      expect((await post({ ...valid, IDTypeOrder: 9999 })).body.errorMessage).toBe("Tipo pedido não existe");
    });

    it("writes nothing when a validation fails", async () => {
      const before = await accountCount();
      await api.post("/accounts/bank-account", { Bank: "B", BankNumber: "1", IDCompanyInvoice: 9999 });
      expect(await accountCount()).toBe(before);
    });
  });

  describe("main-account rule", () => {
    it("MainIncome=1 clears the main receiving and paying accounts of the same invoicing company only", async () => {
      const otherInvoice = await insertInvoicingCompany(1, "Segundo faturador");
      const receiving = await create({ IDCompanyInvoice: 1, MainIncome: 1 });
      const paying = await create({ IDCompanyInvoice: 1, MainPayment: 1 });
      const elsewhere = await create({ IDCompanyInvoice: otherInvoice, MainIncome: 1, MainPayment: 1 });
      const noInvoice = await create({ MainIncome: 1, MainPayment: 1 });
      expect(await flags(receiving)).toEqual({ MainIncome: 1, MainPayment: 0 });
      expect(await flags(paying)).toEqual({ MainIncome: 0, MainPayment: 1 });

      const newMain = await create({ IDCompanyInvoice: 1, MainIncome: 1 });
      expect(await flags(newMain)).toEqual({ MainIncome: 1, MainPayment: 0 });
      expect(await flags(receiving)).toEqual({ MainIncome: 0, MainPayment: 0 });
      expect(await flags(paying)).toEqual({ MainIncome: 0, MainPayment: 0 });
      expect(await flags(elsewhere)).toEqual({ MainIncome: 1, MainPayment: 1 });
      expect(await flags(noInvoice)).toEqual({ MainIncome: 1, MainPayment: 1 });

      // the cleared accounts record who cleared what
      const cleared = (await historyOf(paying)).at(-1)!;
      expect(cleared).toMatchObject({ action: "update", userId: 1 });
      expect(JSON.parse(cleared.changes)).toEqual({ MainPayment: { Before: 1, After: 0 } });
      expect(JSON.parse((await historyOf(receiving)).at(-1)!.changes)).toEqual({
        MainIncome: { Before: 1, After: 0 },
      });
    });

    it("MainPayment=1 clears only the main paying account of the same invoicing company", async () => {
      const invoice = await insertInvoicingCompany(1);
      const otherInvoice = await insertInvoicingCompany(1);
      const both = await create({ IDCompanyInvoice: invoice, MainIncome: 1, MainPayment: 1 });
      const elsewhere = await create({ IDCompanyInvoice: otherInvoice, MainPayment: 1 });

      const newPaying = await create({ IDCompanyInvoice: invoice, MainPayment: 1 });
      expect(await flags(newPaying)).toEqual({ MainIncome: 0, MainPayment: 1 });
      expect(await flags(both)).toEqual({ MainIncome: 1, MainPayment: 0 });
      expect(await flags(elsewhere)).toEqual({ MainIncome: 0, MainPayment: 1 });
    });

    it("applies among accounts without invoicing company, leaving the other company untouched", async () => {
      const filial = client("demo", await signIn("demo", "filial@demo.local"));
      const otherCompanyMain = newestId(
        (await filial.post("/accounts/bank-account", { Bank: "F", BankNumber: "2", MainIncome: 1 })).body,
      );
      const first = await create({ MainPayment: 1 });
      const second = await create({ MainPayment: 1 });
      expect(await flags(first)).toEqual({ MainIncome: 0, MainPayment: 0 });
      expect(await flags(second)).toEqual({ MainIncome: 0, MainPayment: 1 });
      expect(await flags(otherCompanyMain)).toEqual({ MainIncome: 1, MainPayment: 0 });
    });
  });
});
