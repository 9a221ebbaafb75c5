import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { changedTables, invariantViolations, snapshot } from "../../support/invariants";
import { paidOrder, paymentTypeWithRate } from "../../support/order-factories";
import { newPurchase, purchaseWorld, setRate } from "../../support/purchase-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { makeBankAccount, makeCostCenter, titleRow } from "../../support/title-factories";

/**
 * Titles created by another area (an order's payments, a purchase's installments) through the titles
 * routes: payments stay open, but nothing may change their money or delete them there.
 */

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** Sends `request`, expects a 400 with `message`, and that no table of the database changed. */
async function refusedUnchanged(
  request: () => Promise<{ status: number; body: unknown }>,
  message: string,
): Promise<void> {
  const before = await snapshot(env.DB_DEMO);
  expectRefusal(await request(), message);
  expect(changedTables(before, await snapshot(env.DB_DEMO))).toEqual([]);
}

/** A purchase received in two installments (the terms of its payment type): its id and payables. */
async function receivedPurchase() {
  const world = await purchaseWorld(api, { skuCount: 1 });
  await setRate(api, world.paymentTypeId, 2);
  const purchase = await newPurchase(api, world, { IDTypePayment: world.paymentTypeId, Installments: 2 });
  const checked = await api.post(`/purchase/${purchase.IDPurchase}/check`, {
    Items: [{ IDStockKeepingUnitPurchase: purchase.Items[0]!.IDStockKeepingUnitPurchase, Quantity: 10 }],
  });
  expect(checked).toMatchObject({ status: 200, body: { Payables: [{ Value: 12.5 }, { Value: 12.5 }] } });
  return {
    world,
    purchaseId: purchase.IDPurchase as number,
    payables: checked.body.Payables as { IDAccountPayableReceivable: number; DueDate: string }[],
  };
}

describe("an order's payment titles through /accounts/receivable", () => {
  it("PUT is refused and points to PUT /orders/{id}/payment/{id}; the order route still changes it", async () => {
    const { orderId, titles } = await paidOrder(api);
    const [first] = titles;
    const pointer = `Conta a receber ${first} é um pagamento do pedido ${orderId}: altere-a por PUT /orders/${orderId}/payment/${first}, que mantém o PaidValue do pedido`;
    await refusedUnchanged(() => api.put(`/accounts/receivable/${first}`, { Value: 999 }), pointer);
    await refusedUnchanged(
      () => api.put(`/accounts/receivable/${first}`, { DueDate: "2026-05-05", Description: "Outra" }),
      pointer,
    );
    const order = await api.get(`/orders/${orderId}`);
    expect(order.body).toMatchObject({ Total: 12.83, PaidValue: 12.83 });

    const changed = await api.put(`/orders/${orderId}/payment/${first}`, { DueDate: "2026-05-05" });
    expect(changed).toMatchObject({ status: 200, body: { DueDate: "2026-05-05", Value: 6.42 } });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("DELETE is refused with the order's route, the order still lists a live title", async () => {
    const { orderId, titles } = await paidOrder(api);
    const last = titles[1]!;
    await refusedUnchanged(
      () => api.delete(`/accounts/receivable/${last}`),
      `Conta a receber ${last} é um pagamento do pedido ${orderId} e não pode ser excluída; altere-a por PUT /orders/${orderId}/payment/${last}`,
    );
    expect(await titleRow(last)).toMatchObject({ status: 1, value: 641, openValue: 641 });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("receiving a payment and undoing it through the titles routes keeps working", async () => {
    const { orderId, titles } = await paidOrder(api);
    const account = await makeBankAccount(1);
    const paid = await api.post(`/accounts/receivable/${titles[0]}/payment`, {
      IDBankAccount: account,
      Value: 6.42,
      Date: "2026-04-01",
    });
    expect(paid).toMatchObject({ status: 200, body: { OpenValue: 0, Status: 3 } });
    const paymentId = paid.body.Payments[0]!.IDAccountPayment;
    expect(await api.delete(`/accounts/receivable/${titles[0]}/payment/${paymentId}`)).toMatchObject({
      status: 200,
      body: [],
    });
    expect(await titleRow(titles[0]!)).toMatchObject({ status: 1, openValue: 642 });
    expect((await api.get(`/orders/${orderId}`)).body).toMatchObject({ PaidValue: 12.83 });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});

describe("a purchase's installments through /accounts/payable", () => {
  it("PUT may not change Value, DueDate, IDSupplier or IDTypePayment; the other fields stay editable", async () => {
    const { world, purchaseId, payables } = await receivedPurchase();
    const { IDAccountPayableReceivable: id, DueDate: due } = payables[0]!;
    const refusal = (fields: string) =>
      `Conta a pagar ${id} é a parcela 1 da compra ${purchaseId}: Value, DueDate, IDSupplier e IDTypePayment seguem a compra e não podem ser alterados (alterado: ${fields})`;
    await refusedUnchanged(() => api.put(`/accounts/payable/${id}`, { Value: 999 }), refusal("Value"));
    await refusedUnchanged(
      () => api.put(`/accounts/payable/${id}`, { DueDate: "2030-01-01", Description: "Adiada" }),
      refusal("DueDate"),
    );
    const otherPaymentType = await paymentTypeWithRate(api, 1);
    await refusedUnchanged(
      () => api.put(`/accounts/payable/${id}`, { IDSupplier: null, IDTypePayment: otherPaymentType }),
      refusal("IDSupplier, IDTypePayment"),
    );

    // the stored values sent back are no change; the finance fields are the user's
    const costCenter = await makeCostCenter(1);
    const edited = await api.put(`/accounts/payable/${id}`, {
      Value: 12.5,
      DueDate: due,
      IDSupplier: world.supplierId,
      IDTypePayment: world.paymentTypeId,
      Description: "Boleto da compra",
      IDTypeCostCenter: costCenter,
    });
    expect(edited).toMatchObject({
      status: 200,
      body: { Value: 12.5, DueDate: due, Description: "Boleto da compra", IDTypeCostCenter: costCenter },
    });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("DELETE is refused; paying the installment through the titles routes keeps working", async () => {
    const { purchaseId, payables } = await receivedPurchase();
    const id = payables[1]!.IDAccountPayableReceivable;
    await refusedUnchanged(
      () => api.delete(`/accounts/payable/${id}`),
      `Conta a pagar ${id} é a parcela 2 da compra ${purchaseId} e não pode ser excluída`,
    );
    const paid = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: await makeBankAccount(1),
      Value: 12.5,
      Date: "2026-04-01",
    });
    expect(paid).toMatchObject({ status: 200, body: { OpenValue: 0, Status: 3 } });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});

describe("a title created through the titles routes", () => {
  it("still changes and deletes freely", async () => {
    const created = await api.post("/accounts/receivable", {
      Description: "Venda avulsa",
      Value: 10,
      DueDate: "2026-04-01",
    });
    expect(created.status).toBe(200);
    const id = created.body.IDAccountPayableReceivable;
    expect(await api.put(`/accounts/receivable/${id}`, { Value: 999 })).toMatchObject({
      status: 200,
      body: { Value: 999 },
    });
    expect(await api.delete(`/accounts/receivable/${id}`)).toMatchObject({ status: 200, body: [] });
  });
});
