import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { errorBody } from "../../support/api";
import { changedTables, invariantViolations, snapshot } from "../../support/invariants";
import { paidOrder } from "../../support/order-factories";
import { newPurchase, purchaseWorld, setRate } from "../../support/purchase-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { makeBankAccount, titleRow } from "../../support/title-factories";

/**
 * The collection keys of a title (NossoNumero of the boleto, TxId of the Pix charge) over HTTP: set,
 * returned, changed, cleared, validated, unique where they must be, filtered, on owned titles too,
 * and never seen by another company.
 */

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;
let account: number;
let secondAccount: number;
let otherCompanyAccount: number;

const NOSSO_NUMERO_INVALID = "NossoNumero inválido";
const TX_ID_INVALID = "TxId inválido";
const NOSSO_NUMERO_TAKEN = "NossoNumero já usado nesta conta";
const TX_ID_TAKEN = "TxId já usado";

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
  account = await makeBankAccount(1, "Banco Cobrança");
  secondAccount = await makeBankAccount(1, "Banco Outro");
  otherCompanyAccount = await makeBankAccount(2, "Banco da Filial");
});

/** A fresh nosso número: 12 random digits, the first one not zero. */
const nossoNumero = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte, i) =>
    i === 0 ? 1 + (byte % 9) : byte % 10,
  ).join("");

/** A fresh txid: 32 letters and digits. */
const txId = () =>
  Array.from(
    { length: 32 },
    () => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[Math.floor(Math.random() * 62)],
  ).join("");

const receivable = (fields: Record<string, unknown> = {}) => ({
  Description: "Boleto de venda",
  Value: 150.25,
  DueDate: "2026-07-10",
  IDBankAccount: account,
  ...fields,
});

async function createTitle(
  kind: "receivable" | "payable",
  fields: Record<string, unknown>,
  client: Api = api,
): Promise<number> {
  const response = await client.post(`/accounts/${kind}`, receivable(fields));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.IDAccountPayableReceivable as number;
}

/** Sends `request`, expects a 400 with `message`, and that no table of the database changed. */
async function refusedUnchanged(
  request: () => Promise<{ status: number; body: unknown }>,
  message: string,
): Promise<void> {
  const before = await snapshot(env.DB_DEMO);
  expectRefusal(await request(), message);
  expect(changedTables(before, await snapshot(env.DB_DEMO))).toEqual([]);
}

const idsOf = (body: { IDAccountPayableReceivable: number }[]) =>
  body.map((t) => t.IDAccountPayableReceivable);

describe("setting, reading, changing and clearing the keys", () => {
  it("a receivable created with both keys returns them on create, get and list, stored as sent", async () => {
    const nn = `000${nossoNumero()}`;
    const tx = txId();
    const created = await api.post("/accounts/receivable", receivable({ NossoNumero: nn, TxId: tx }));
    expect(created).toMatchObject({
      status: 200,
      body: { NossoNumero: nn, TxId: tx, IDBankAccount: account },
    });
    const id = created.body.IDAccountPayableReceivable;
    expect(await api.get(`/accounts/receivable/${id}`)).toMatchObject({
      status: 200,
      body: { NossoNumero: nn, TxId: tx },
    });
    const listed = await api.get(`/accounts/receivable?TxId=${tx}`);
    expect(listed.body).toEqual([
      expect.objectContaining({ IDAccountPayableReceivable: id, NossoNumero: nn, TxId: tx }),
    ]);
    expect(await titleRow(id)).toMatchObject({ nossoNumero: nn, txId: tx });
  });

  it("a title created without keys answers them as null; PUT sets, changes and clears them", async () => {
    const id = await createTitle("payable", {});
    expect((await api.get(`/accounts/payable/${id}`)).body).toMatchObject({ NossoNumero: null, TxId: null });

    const [nn, tx] = [nossoNumero(), txId()];
    expect(await api.put(`/accounts/payable/${id}`, { NossoNumero: nn, TxId: tx })).toMatchObject({
      status: 200,
      body: { NossoNumero: nn, TxId: tx, Value: 150.25, Description: "Boleto de venda" },
    });
    const [nn2, tx2] = [nossoNumero(), txId()];
    expect(await api.put(`/accounts/payable/${id}`, { NossoNumero: nn2 })).toMatchObject({
      status: 200,
      body: { NossoNumero: nn2, TxId: tx },
    });
    expect(await api.put(`/accounts/payable/${id}`, { TxId: tx2, Description: "Outra" })).toMatchObject({
      status: 200,
      body: { NossoNumero: nn2, TxId: tx2, Description: "Outra" },
    });
    expect(await api.put(`/accounts/payable/${id}`, { NossoNumero: null, TxId: null })).toMatchObject({
      status: 200,
      body: { NossoNumero: null, TxId: null },
    });
    expect(await titleRow(id)).toMatchObject({ nossoNumero: null, txId: null });
  });

  it("the bounds: 1 and 20 digits, 26 and 35 characters are accepted", async () => {
    const twenty = `9${nossoNumero()}1234567`;
    expect(twenty).toHaveLength(20);
    const tx26 = txId().slice(0, 26);
    const tx35 = `${txId()}XYZ`;
    const a = await createTitle("receivable", { NossoNumero: twenty, TxId: tx26 });
    const b = await createTitle("receivable", { NossoNumero: "7", TxId: tx35, IDBankAccount: secondAccount });
    expect((await api.get(`/accounts/receivable/${a}`)).body).toMatchObject({
      NossoNumero: twenty,
      TxId: tx26,
    });
    expect((await api.get(`/accounts/receivable/${b}`)).body).toMatchObject({ NossoNumero: "7", TxId: tx35 });
  });
});

describe("invalid keys", () => {
  const badNossoNumeros: unknown[] = [
    "",
    "12a4",
    " 123",
    "1234567890123456789012",
    "000",
    "0",
    "-12",
    "1.5",
    12345,
  ];
  const badTxIds: unknown[] = [
    txId().slice(0, 25),
    `${txId()}ABCD`,
    `${txId().slice(0, 30)}-abc`,
    `${txId().slice(0, 30)} abc`,
    `${txId().slice(0, 30)}çabc`,
    "",
    12345678,
    { txid: "x" },
  ];

  it("create refuses each bad NossoNumero and TxId, writing nothing", async () => {
    for (const value of badNossoNumeros)
      await refusedUnchanged(
        () => api.post("/accounts/receivable", receivable({ NossoNumero: value })),
        NOSSO_NUMERO_INVALID,
      );
    for (const value of badTxIds)
      await refusedUnchanged(() => api.post("/accounts/payable", receivable({ TxId: value })), TX_ID_INVALID);
  });

  it("update refuses them too, keeping the stored keys", async () => {
    const nn = nossoNumero();
    const id = await createTitle("receivable", { NossoNumero: nn });
    for (const value of badNossoNumeros)
      await refusedUnchanged(
        () => api.put(`/accounts/receivable/${id}`, { NossoNumero: value }),
        NOSSO_NUMERO_INVALID,
      );
    for (const value of badTxIds)
      await refusedUnchanged(() => api.put(`/accounts/receivable/${id}`, { TxId: value }), TX_ID_INVALID);
    expect(await titleRow(id)).toMatchObject({ nossoNumero: nn, txId: null });
  });

  it("the list filters refuse them", async () => {
    expectRefusal(await api.get("/accounts/receivable?NossoNumero=12a"), NOSSO_NUMERO_INVALID);
    expectRefusal(await api.get("/accounts/receivable?NossoNumero=0000"), NOSSO_NUMERO_INVALID);
    expectRefusal(await api.get("/accounts/payable?TxId=curto"), TX_ID_INVALID);
  });
});

describe("uniqueness", () => {
  it("a NossoNumero is unique per bank account of the company, leading zeros ignored, on create and update", async () => {
    const nn = nossoNumero();
    await createTitle("receivable", { NossoNumero: nn });
    await refusedUnchanged(
      () => api.post("/accounts/receivable", receivable({ NossoNumero: nn })),
      NOSSO_NUMERO_TAKEN,
    );
    await refusedUnchanged(
      () => api.post("/accounts/receivable", receivable({ NossoNumero: `00${nn}` })),
      NOSSO_NUMERO_TAKEN,
    );
    // another bank account of the company may use it
    const elsewhere = await createTitle("receivable", {
      NossoNumero: `0${nn}`,
      IDBankAccount: secondAccount,
    });
    // changing the key, or moving the title to the account where the key is used, is refused
    const free = await createTitle("receivable", { NossoNumero: nossoNumero() });
    await refusedUnchanged(
      () => api.put(`/accounts/receivable/${free}`, { NossoNumero: nn }),
      NOSSO_NUMERO_TAKEN,
    );
    await refusedUnchanged(
      () => api.put(`/accounts/receivable/${elsewhere}`, { IDBankAccount: account }),
      NOSSO_NUMERO_TAKEN,
    );
    // a title keeps its own key when other fields change
    expect(
      await api.put(`/accounts/receivable/${elsewhere}`, { NossoNumero: `0${nn}`, Value: 10 }),
    ).toMatchObject({
      status: 200,
      body: { NossoNumero: `0${nn}`, Value: 10 },
    });
  });

  it("the titles with no bank account are one group: a key is unique among them, free elsewhere", async () => {
    const nn = nossoNumero();
    const loose = await createTitle("receivable", { NossoNumero: nn, IDBankAccount: null });
    await refusedUnchanged(
      () => api.post("/accounts/receivable", receivable({ NossoNumero: nn, IDBankAccount: null })),
      NOSSO_NUMERO_TAKEN,
    );
    const placed = await createTitle("receivable", { NossoNumero: nn });
    // clearing the bank account of the placed title would join the group where the key is taken
    await refusedUnchanged(
      () => api.put(`/accounts/receivable/${placed}`, { IDBankAccount: null }),
      NOSSO_NUMERO_TAKEN,
    );
    // once the loose title is deleted, its key is free again
    expect(await api.delete(`/accounts/receivable/${loose}`)).toMatchObject({ status: 200, body: [] });
    expect(await api.put(`/accounts/receivable/${placed}`, { IDBankAccount: null })).toMatchObject({
      status: 200,
      body: { IDBankAccount: null, NossoNumero: nn },
    });
  });

  it("a TxId is unique in the company whatever the account; letter case makes another txid", async () => {
    const tx = txId();
    const first = await createTitle("receivable", { TxId: tx });
    await refusedUnchanged(
      () => api.post("/accounts/receivable", receivable({ TxId: tx, IDBankAccount: secondAccount })),
      TX_ID_TAKEN,
    );
    const second = await createTitle("receivable", { TxId: txId() });
    await refusedUnchanged(() => api.put(`/accounts/receivable/${second}`, { TxId: tx }), TX_ID_TAKEN);
    // the first letter in the other case
    const swapped = tx.replace(/[a-zA-Z]/, (c) =>
      c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(),
    );
    expect(swapped).not.toBe(tx);
    await createTitle("receivable", { TxId: swapped });
    // a deleted title frees its txid
    expect(await api.delete(`/accounts/receivable/${first}`)).toMatchObject({ status: 200 });
    expect(await api.put(`/accounts/receivable/${second}`, { TxId: tx })).toMatchObject({
      status: 200,
      body: { TxId: tx },
    });
  });

  it("when both keys collide one of the two reasons is named; a payable and a receivable may share keys", async () => {
    const [nn, tx] = [nossoNumero(), txId()];
    await createTitle("receivable", { NossoNumero: nn, TxId: tx });
    const both = await api.post("/accounts/receivable", receivable({ NossoNumero: nn, TxId: tx }));
    expect(both.status).toBe(400);
    expect([NOSSO_NUMERO_TAKEN, TX_ID_TAKEN]).toContain(errorBody(both).errorMessage);
    const payable = await api.post("/accounts/payable", receivable({ NossoNumero: nn, TxId: tx }));
    expect(payable).toMatchObject({ status: 200, body: { NossoNumero: nn, TxId: tx } });
  });

  it("another company may use the same keys on its own account", async () => {
    const [nn, tx] = [nossoNumero(), txId()];
    await createTitle("receivable", { NossoNumero: nn, TxId: tx });
    const theirs = await other.post(
      "/accounts/receivable",
      receivable({ NossoNumero: nn, TxId: tx, IDBankAccount: otherCompanyAccount }),
    );
    expect(theirs).toMatchObject({ status: 200, body: { NossoNumero: nn, TxId: tx } });
    const theirsLoose = await other.post(
      "/accounts/receivable",
      receivable({ NossoNumero: nn, IDBankAccount: null }),
    );
    expect(theirsLoose).toMatchObject({ status: 200, body: { NossoNumero: nn } });
  });

  it("concurrent creates with the same key: one is stored, the other refused with the reason", async () => {
    for (const [fields, message] of [
      [{ NossoNumero: nossoNumero() }, NOSSO_NUMERO_TAKEN],
      [{ TxId: txId() }, TX_ID_TAKEN],
    ] as const) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => api.post("/accounts/receivable", receivable(fields))),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused).toHaveLength(3);
      for (const answer of refused) expectRefusal(answer, message);
      const query = "NossoNumero" in fields ? `NossoNumero=${fields.NossoNumero}` : `TxId=${fields.TxId}`;
      expect((await api.get(`/accounts/receivable?${query}`)).body).toHaveLength(1);
    }
  });
});

describe("filters", () => {
  it("NossoNumero matches with leading zeros ignored, TxId exactly; both lists filter", async () => {
    const [nn, tx] = [nossoNumero(), txId()];
    const receivableId = await createTitle("receivable", { NossoNumero: `00${nn}`, TxId: tx });
    const otherAccountId = await createTitle("receivable", { NossoNumero: nn, IDBankAccount: secondAccount });
    await createTitle("receivable", { NossoNumero: nossoNumero(), TxId: txId() });

    const byDigits = await api.get(`/accounts/receivable?NossoNumero=${nn}`);
    expect(idsOf(byDigits.body).sort()).toEqual([receivableId, otherAccountId].sort());
    const byPadded = await api.get(`/accounts/receivable?NossoNumero=0000${nn}&IDBankAccount=${account}`);
    expect(idsOf(byPadded.body)).toEqual([receivableId]);
    expect(idsOf((await api.get(`/accounts/receivable?TxId=${tx}`)).body)).toEqual([receivableId]);
    expect(
      (
        await api.get(
          `/accounts/receivable?TxId=${tx.toLowerCase() === tx ? tx.toUpperCase() : tx.toLowerCase()}`,
        )
      ).body,
    ).toEqual([]);
    expect((await api.get(`/accounts/receivable?NossoNumero=${nn}1`)).body).toEqual([]);

    const payableId = await createTitle("payable", { NossoNumero: nn, TxId: tx });
    expect(idsOf((await api.get(`/accounts/payable?NossoNumero=0${nn}`)).body)).toEqual([payableId]);
    expect(idsOf((await api.get(`/accounts/payable?TxId=${tx}`)).body)).toEqual([payableId]);
  });

  it("another company's keys are not visible: its filter finds only its own titles", async () => {
    const [nn, tx] = [nossoNumero(), txId()];
    const mine = await createTitle("receivable", { NossoNumero: nn, TxId: tx });
    expect((await other.get(`/accounts/receivable?NossoNumero=${nn}`)).body).toEqual([]);
    expect((await other.get(`/accounts/receivable?TxId=${tx}`)).body).toEqual([]);
    expectRefusal(await other.get(`/accounts/receivable/${mine}`), "Conta a receber não existe");
    await refusedUnchanged(
      () => other.put(`/accounts/receivable/${mine}`, { NossoNumero: nn }),
      "Conta a receber não existe",
    );

    const theirs = await createTitle(
      "receivable",
      { NossoNumero: nn, TxId: tx, IDBankAccount: otherCompanyAccount },
      other,
    );
    expect(idsOf((await other.get(`/accounts/receivable?NossoNumero=${nn}`)).body)).toEqual([theirs]);
    expect(idsOf((await api.get(`/accounts/receivable?TxId=${tx}`)).body)).toEqual([mine]);
  });
});

describe("owned titles", () => {
  it("an order's payment title takes its keys through /accounts/receivable, but nothing else with them", async () => {
    const { orderId, titles } = await paidOrder(api);
    const [first, second] = titles as [number, number];
    const [nn, tx] = [nossoNumero(), txId()];
    expect(await api.put(`/accounts/receivable/${first}`, { NossoNumero: nn, TxId: tx })).toMatchObject({
      status: 200,
      body: { NossoNumero: nn, TxId: tx, Value: 6.42, OpenValue: 6.42 },
    });
    const pointer = `Conta a receber ${first} é um pagamento do pedido ${orderId}: altere-a por PUT /orders/${orderId}/payment/${first}, que mantém o PaidValue do pedido`;
    await refusedUnchanged(
      () => api.put(`/accounts/receivable/${first}`, { NossoNumero: nn, Value: 1 }),
      pointer,
    );
    await refusedUnchanged(
      () => api.put(`/accounts/receivable/${first}`, { TxId: tx, IDBankAccount: null }),
      pointer,
    );
    await refusedUnchanged(() => api.put(`/accounts/receivable/${first}`, {}), pointer);
    expect(await api.put(`/accounts/receivable/${first}`, { TxId: null })).toMatchObject({
      status: 200,
      body: { NossoNumero: nn, TxId: null },
    });

    // the order's own route sets them too, and refuses a key in use
    const viaOrder = await api.put(`/orders/${orderId}/payment/${second}`, { TxId: tx });
    expect(viaOrder).toMatchObject({ status: 200, body: { TxId: tx } });
    const loose = await createTitle("receivable", { NossoNumero: nossoNumero(), IDBankAccount: null });
    const looseKey = (await titleRow(loose))!.nossoNumero!;
    await refusedUnchanged(
      () => api.put(`/orders/${orderId}/payment/${second}`, { NossoNumero: looseKey }),
      NOSSO_NUMERO_TAKEN,
    );
    await refusedUnchanged(() => api.put(`/orders/${orderId}/payment/${first}`, { TxId: tx }), TX_ID_TAKEN);
    expect((await api.get(`/orders/${orderId}`)).body).toMatchObject({ Total: 12.83, PaidValue: 12.83 });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("a purchase's installment takes its keys through /accounts/payable", async () => {
    const world = await purchaseWorld(api, { skuCount: 1 });
    await setRate(api, world.paymentTypeId, 1);
    const purchase = await newPurchase(api, world, { IDTypePayment: world.paymentTypeId, Installments: 1 });
    const checked = await api.post(`/purchase/${purchase.IDPurchase}/check`, {
      Items: [{ IDStockKeepingUnitPurchase: purchase.Items[0]!.IDStockKeepingUnitPurchase, Quantity: 10 }],
    });
    expect(checked.status).toBe(200);
    const id = checked.body.Payables[0]!.IDAccountPayableReceivable as number;
    const [nn, tx] = [nossoNumero(), txId()];
    expect(await api.put(`/accounts/payable/${id}`, { NossoNumero: nn, TxId: tx })).toMatchObject({
      status: 200,
      body: { NossoNumero: nn, TxId: tx, Value: 25 },
    });
    expect(idsOf((await api.get(`/accounts/payable?NossoNumero=${nn}`)).body)).toEqual([id]);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});
