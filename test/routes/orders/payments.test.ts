import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderPayments, titles } from "../../../drizzle/schema";
import {
  newOrder,
  orderCount,
  orderRow,
  paymentTypeWithRate,
  stockedSku,
} from "../../support/order-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

const linkedTitles = async (orderId: number) => {
  const links = await demoDb().select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  if (links.length === 0) return [];
  return demoDb()
    .select()
    .from(titles)
    .where(
      inArray(
        titles.id,
        links.map((l) => l.titleId),
      ),
    )
    .orderBy(titles.id);
};

/** An order of 100.00 (no taxes: a profile with zero rates). */
async function orderOf100(payments: unknown[], client = api) {
  const { skuId, warehouseId } = await stockedSku(client, { price: 100 });
  return client.post("/orders", {
    IDWarehouse: warehouseId,
    Date: "2026-03-02",
    Items: [{ IDSku: skuId, Quantity: 1, ReverseTaxCalculation: 1 }],
    Payments: payments,
  });
}

describe("order payments as receivable titles", () => {
  it("each installment is a receivable title due by the payment type's rate, linked once; PaidValue follows", async () => {
    const card = await paymentTypeWithRate(api, 3, {
      AdditionalBusinessDays: 1,
      AdditionalBusinessDaysPosition: 2,
    });
    const created = await orderOf100([{ IDTypePayment: card, Installments: 3, Value: 100 }]);
    expect(created.status).toBe(200);
    const order = created.body;
    expect(order.PaidValue).toBe(100);
    // cents that do not divide go to the first installment; due 30 days after the order date plus 1 business day
    expect(order.Payments.map((p) => [p.Installment, p.Installments, p.Value, p.Status])).toEqual([
      [1, 3, 33.34, 1],
      [2, 3, 33.33, 1],
      [3, 3, 33.33, 1],
    ]);
    const stored = await linkedTitles(order.IDOrder);
    expect(stored.map((t) => [t.typeAccount, t.value, t.openValue, t.paymentTypeId, t.description])).toEqual([
      [0, 3334, 3334, card, `Pedido ${order.IDOrder} - parcela 1/3`],
      [0, 3333, 3333, card, `Pedido ${order.IDOrder} - parcela 2/3`],
      [0, 3333, 3333, card, `Pedido ${order.IDOrder} - parcela 3/3`],
    ]);
    expect(order.Payments.map((p) => p.DueDate)).toEqual(stored.map((t) => t.dueDate));
    // 2026-03-02 + 30 days = 2026-04-01 (Wednesday), + 1 business day = 2026-04-02
    expect(stored[0]!.dueDate).toBe("2026-04-02");
    const title = await api.get(`/accounts/receivable/${stored[0]!.id}`);
    expect(title.body).toMatchObject({ Value: 33.34, IDTypePayment: card });
  });

  it("refuses payments above the order total and a payment type without a rate, writing nothing", async () => {
    const card = await paymentTypeWithRate(api, 1);
    const before = await orderCount();
    expectRefusal(
      await orderOf100([
        { IDTypePayment: card, Value: 60 },
        { IDTypePayment: card, Value: 40.01 },
      ]),
      "Valor dos pagamentos (100.01) maior que o total do pedido (100.00)",
    );
    expectRefusal(
      await orderOf100([{ IDTypePayment: card, Installments: 2, Value: 50 }]),
      "Payments[0]. Tipo pagamento sem taxa cadastrada para 2 parcela(s)",
    );
    const theirs = await paymentTypeWithRate(other, 1);
    expectRefusal(
      await orderOf100([{ IDTypePayment: theirs, Value: 50 }]),
      "Payments[0]. Tipo pagamento não existe",
    );
    expect(await orderCount()).toBe(before);
  });

  it("PUT /orders/{idorder}/payment/{id} answers exactly what PUT /accounts/receivable/{id} answers", async () => {
    const card = await paymentTypeWithRate(api, 2);
    const order = await newOrder(api, {
      IDWarehouse: (await stockedSku(api)).warehouseId,
      Items: [
        { IDSku: (await stockedSku(api, { price: 100 })).skuId, Quantity: 1, ReverseTaxCalculation: 1 },
      ],
      Payments: [{ IDTypePayment: card, Installments: 2, Value: 80 }],
    });
    const [first, second] = order.Payments.map((p) => p.IDAccountPayableReceivable);
    const viaOrder = await api.put(`/orders/${order.IDOrder}/payment/${first}`, {
      DueDate: "2026-12-10",
      Value: 45,
    });
    expect(viaOrder.status).toBe(200);
    // PUT /accounts/receivable/{id} refuses a title of an order (it points to this route); on a title of
    // its own it answers the same fields, through the same serializer
    const standalone = (
      await api.post("/accounts/receivable", { Description: "Avulso", Value: 40, DueDate: "2026-05-01" })
    ).body;
    const viaTitles = await api.put(`/accounts/receivable/${standalone.IDAccountPayableReceivable}`, {
      DueDate: "2026-12-10",
      Value: 40,
    });
    expect(viaTitles.status).toBe(200);
    expect(Object.keys(viaOrder.body)).toEqual(Object.keys(viaTitles.body));
    const fetched = await api.get(`/accounts/receivable/${first}`);
    expect(viaOrder.body).toEqual(fetched.body);
    expect(viaOrder.body).toMatchObject({ Value: 45, OpenValue: 45, DueDate: "2026-12-10" });
    expectRefusal(
      await api.put(`/accounts/receivable/${second}`, { DueDate: "2026-12-11" }),
      `Conta a receber ${second} é um pagamento do pedido ${order.IDOrder}: altere-a por PUT /orders/${order.IDOrder}/payment/${second}, que mantém o PaidValue do pedido`,
    );
    const sameViaOrder = await api.put(`/orders/${order.IDOrder}/payment/${first}`, {
      DueDate: "2026-12-11",
    });
    expect(sameViaOrder.status).toBe(200);
    expect(sameViaOrder.body).toEqual((await api.get(`/accounts/receivable/${first}`)).body);
    expect(await orderRow(order.IDOrder)).toMatchObject({ paidValue: 8500 });

    expectRefusal(
      await api.put(`/orders/${order.IDOrder}/payment/${first}`, { Value: 61 }),
      "Valor dos pagamentos (101.00) maior que o total do pedido (100.00)",
    );
    const unrelated = (
      await api.post("/accounts/receivable", { Description: "Avulso", Value: 5, DueDate: "2026-05-01" })
    ).body;
    expectRefusal(
      await api.put(`/orders/${order.IDOrder}/payment/${unrelated.IDAccountPayableReceivable}`, { Value: 1 }),
      "Pagamento do pedido não existe",
    );
    expect(await orderRow(order.IDOrder)).toMatchObject({ paidValue: 8500 });
  });
});
