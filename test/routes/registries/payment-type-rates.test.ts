import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentTypeRates, titles } from "../../../drizzle/schema";
import { titleIdByUid, titleInsertStatement } from "../../../src/db/titles";
import { paymentRateFor } from "../../../src/domain/payment-terms/rates";
import { installmentSchedule } from "../../../src/domain/payment-terms/schedule";
import type { ErrorBody } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

async function newPaymentType(client = api): Promise<number> {
  return (await client.post("/type/order/payment", { Description: unique("Cartão") })).body[0]!.IDTypePayment;
}

const storedRates = (paymentTypeId: number) =>
  demoDb().select().from(paymentTypeRates).where(eq(paymentTypeRates.paymentTypeId, paymentTypeId));

describe("/type/order/payment/{idtypepayment}/rate", () => {
  it("sets the rates of a payment type, one per number of installments, and reads them back", async () => {
    const id = await newPaymentType();
    const put = await api.put(`/type/order/payment/${id}/rate`, [
      {
        Installments: 3,
        FirstDueDays: 30,
        IntervalDays: 30,
        FeePercent: 4.59,
        AdditionalBusinessDays: 2,
        AdditionalBusinessDaysPosition: 1,
        NfTPag: "03",
        NfTBand: "02",
        RefundMethod: 1,
      },
      { Installments: 1, NfTPag: "17" },
    ]);
    expect(put.status).toBe(200);
    expect(put.body).toEqual([
      {
        IDTypePaymentRate: expect.any(Number),
        IDTypePayment: id,
        Installments: 1,
        FirstDueDays: 0,
        IntervalDays: 30,
        FeePercent: 0,
        AdditionalBusinessDays: 0,
        AdditionalBusinessDaysPosition: 2,
        NfTPag: "17",
        NfTBand: null,
        RefundMethod: 1,
      },
      {
        IDTypePaymentRate: expect.any(Number),
        IDTypePayment: id,
        Installments: 3,
        FirstDueDays: 30,
        IntervalDays: 30,
        FeePercent: 4.59,
        AdditionalBusinessDays: 2,
        AdditionalBusinessDaysPosition: 1,
        NfTPag: "03",
        NfTBand: "02",
        RefundMethod: 1,
      },
    ]);
    expect((await api.get(`/type/order/payment/${id}/rate`)).body).toEqual(put.body);
    const rows = await storedRates(id);
    expect(rows.map((r) => [r.installments, r.feeBasisPoints, r.companyId]).sort()).toEqual([
      [1, 0, 1],
      [3, 459, 1],
    ]);
  });

  it("replaces the whole table, and an empty list removes every rate", async () => {
    const id = await newPaymentType();
    await api.put(`/type/order/payment/${id}/rate`, [{ Installments: 1, NfTPag: "01" }]);
    await api.put(`/type/order/payment/${id}/rate`, [{ Installments: 2, NfTPag: "01" }]);
    expect((await storedRates(id)).map((r) => r.installments)).toEqual([2]);
    expect((await api.put(`/type/order/payment/${id}/rate`, [])).body).toEqual([]);
    expect(await storedRates(id)).toEqual([]);
  });

  it("refuses two rates for the same number of installments, writing nothing", async () => {
    const id = await newPaymentType();
    await api.put(`/type/order/payment/${id}/rate`, [{ Installments: 1, NfTPag: "01" }]);
    const response = await api.put(`/type/order/payment/${id}/rate`, [
      { Installments: 2, NfTPag: "01" },
      { Installments: 2, NfTPag: "03" },
    ]);
    expectRefusal(response, "Taxas repetidas para o mesmo número de parcelas");
    expect((await storedRates(id)).map((r) => r.installments)).toEqual([1]);
  });

  it("refuses invalid fields with a message naming them", async () => {
    const id = await newPaymentType();
    for (const [rate, message] of [
      [{ Installments: 0, NfTPag: "01" }, "Installments deve ser maior que zero"],
      [{ Installments: 1, NfTPag: "06" }, "NfTPag deve ser um de:"],
      [
        { Installments: 1, NfTPag: "01", AdditionalBusinessDaysPosition: 3 },
        "AdditionalBusinessDaysPosition deve ser 1 ou 2",
      ],
      [{ Installments: 1, NfTPag: "01", FeePercent: 1.234 }, "FeePercent aceita no máximo 2 casas decimais"],
      [{ Installments: 1, NfTPag: "03", NfTBand: "1" }, "NfTBand deve ter 2 dígitos"],
      [{ Installments: 1, NfTPag: "01", RefundMethod: 5 }, "RefundMethod deve ser 1, 2, 3 ou 4"],
    ] as const) {
      const response = await api.put<ErrorBody>(`/type/order/payment/${id}/rate`, [rate]);
      expect(response.status).toBe(400);
      expect(response.body.errorMessage).toContain(message);
    }
    expect(await storedRates(id)).toEqual([]);
  });

  it("answers `Tipo pagamento não existe` for another company's or a deleted payment type", async () => {
    const foreign = await newPaymentType(other);
    const deleted = await newPaymentType();
    await api.delete(`/type/order/payment/${deleted}`);
    for (const id of [foreign, deleted, 999_999]) {
      expectRefusal(await api.get(`/type/order/payment/${id}/rate`), "Tipo pagamento não existe");
      expectRefusal(
        await api.put(`/type/order/payment/${id}/rate`, [{ Installments: 1, NfTPag: "01" }]),
        "Tipo pagamento não existe",
      );
    }
    expect(await storedRates(foreign)).toEqual([]);
  });
});

describe("GET /type/order/payment?OrderReturn=1", () => {
  it("starts with the synthetic ORIGINAL item on the first page only", async () => {
    const id = await newPaymentType();
    const plain = await api.get("/type/order/payment");
    const forReturn = await api.get("/type/order/payment?OrderReturn=1");
    expect(forReturn.status).toBe(200);
    expect(forReturn.body[0]).toEqual({
      IDTypePayment: "ORIGINAL",
      Description: "Forma de pagamento original",
      Status: 1,
    });
    expect(forReturn.body.slice(1)).toEqual(plain.body);
    expect(plain.body.some((t: { IDTypePayment: unknown }) => t.IDTypePayment === id)).toBe(true);
    expect(plain.body.some((t: { IDTypePayment: unknown }) => t.IDTypePayment === "ORIGINAL")).toBe(false);
    expect((await api.get("/type/order/payment?OrderReturn=1&Page=1")).body).toEqual([]);
    expect((await api.get("/type/order/payment?OrderReturn=0")).body).toEqual(plain.body);
  });

  it("refuses another OrderReturn value", async () => {
    const response = await api.get<ErrorBody>("/type/order/payment?OrderReturn=2");
    expect(response.status).toBe(400);
    expect(response.body.errorMessage).toContain("OrderReturn deve ser 0 ou 1");
  });
});

describe("the rate that fixes a payment's due dates", () => {
  it("is found per number of installments, and a missing one is a 400 naming the count", async () => {
    const id = await newPaymentType();
    await api.put(`/type/order/payment/${id}/rate`, [
      { Installments: 2, FirstDueDays: 30, IntervalDays: 30, AdditionalBusinessDays: 1, NfTPag: "03" },
    ]);
    const rate = await paymentRateFor(demoDb(), 1, id, 2);
    expect(installmentSchedule(rate, "2026-10-20", 1001)).toEqual([
      { number: 1, dueDate: "2026-11-23", valueCents: 501 }, // 19 Nov + 1 business day (20 Nov is a holiday)
      { number: 2, dueDate: "2026-12-21", valueCents: 500 }, // 19 Dec is a Saturday
    ]);
    await expect(paymentRateFor(demoDb(), 1, id, 3)).rejects.toMatchObject({
      status: 400,
      message: "Tipo pagamento sem taxa cadastrada para 3 parcela(s)",
    });
    await expect(paymentRateFor(demoDb(), 2, id, 2)).rejects.toMatchObject({
      status: 400,
      message: "Tipo pagamento não existe",
    });
  });
});

describe("title insert inside a larger batch", () => {
  it("lets later statements of the batch refer to the title by its uid", async () => {
    const db = demoDb();
    const uid = `test-${crypto.randomUUID()}`;
    const fields = {
      description: "Parcela 1/1",
      document: null,
      dueDate: "2026-12-01",
      supplierId: null,
      consumerId: null,
      documentTypeId: null,
      paymentTypeId: null,
      accountTypeId: null,
      costCenterId: null,
      bankAccountId: null,
    };
    await db.batch([
      titleInsertStatement(db, 1, 0, fields, 1234, uid),
      db
        .update(titles)
        .set({ document: "NF 7" })
        .where(eq(titles.id, titleIdByUid(uid))),
    ]);
    const row = await db
      .select()
      .from(titles)
      .where(and(eq(titles.uid, uid), eq(titles.companyId, 1)))
      .get();
    expect(row).toMatchObject({ value: 1234, openValue: 1234, status: 1, typeAccount: 0, document: "NF 7" });
  });
});
