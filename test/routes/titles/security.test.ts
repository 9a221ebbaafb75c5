import { beforeAll, describe, expect, it } from "vitest";
import { balanceUpTo } from "../../../src/db/ledger";
import { call, client, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  dbOf,
  entriesOfTitle,
  makeBankAccount,
  makeConsumer,
  makeSupplier,
  titleRow,
} from "../../support/title-factories";

let admin: ReturnType<typeof client>;
let filial: ReturnType<typeof client>;
let acme: ReturnType<typeof client>;

beforeAll(async () => {
  await seedAccounts();
  admin = client("demo", await signIn("demo", "admin@demo.local"));
  filial = client("demo", await signIn("demo", "filial@demo.local"));
  acme = client("acme", await signIn("acme", "admin@acme.local"));
});

describe("titles of another company", () => {
  for (const [kind, party, notFound] of [
    ["payable", "IDSupplier", "Conta a pagar não existe"],
    ["receivable", "IDConsumer", "Conta a receber não existe"],
  ] as const) {
    it(`do not exist for it (${kind}): read, update, delete, pay, delete payment`, async () => {
      const bank = await makeBankAccount(1);
      const partyId = kind === "payable" ? await makeSupplier(1) : await makeConsumer(1);
      const created = await admin.post(`/accounts/${kind}`, {
        Description: "Só da matriz",
        Value: 100,
        DueDate: "2026-08-01",
        [party]: partyId,
      });
      const id = created.body.IDAccountPayableReceivable;
      const paid = await admin.post(`/accounts/${kind}/${id}/payment`, { IDBankAccount: bank, Value: 10 });
      const paymentId = paid.body.Payments[0]!.IDAccountPayment;
      const before = await titleRow(id);
      const filialBank = await makeBankAccount(2);

      const attempts = [
        filial.get(`/accounts/${kind}/${id}`),
        filial.put(`/accounts/${kind}/${id}`, { Description: "Invadido", Value: 10 }),
        filial.delete(`/accounts/${kind}/${id}`),
        filial.post(`/accounts/${kind}/${id}/payment`, { IDBankAccount: filialBank, Value: 5 }),
        filial.delete(`/accounts/${kind}/${id}/payment/${paymentId}`),
      ];
      for (const response of await Promise.all(attempts)) {
        expectRefusal(response, notFound);
      }
      expect(await titleRow(id)).toEqual(before);
      expect((await entriesOfTitle(id)).map((e) => e.id)).toEqual([paymentId]);
      expect(await balanceUpTo(dbOf(), filialBank, "2099-12-31")).toBe(0);

      const list = await filial.get(`/accounts/${kind}`);
      expect(list.status).toBe(200);
      expect(list.body.map((t) => t.IDAccountPayableReceivable)).not.toContain(id);
      expect((await acme.get(`/accounts/${kind}/${id}`)).body).toMatchObject({ errorMessage: notFound });
    });
  }

  it("refuses a bank account of another company on a payment, changing nothing", async () => {
    const created = await admin.post("/accounts/payable", {
      Description: "T",
      Value: 50,
      DueDate: "2026-08-01",
    });
    const id = created.body.IDAccountPayableReceivable;
    const otherBank = await makeBankAccount(2);
    expectRefusal(
      await admin.post(`/accounts/payable/${id}/payment`, { IDBankAccount: otherBank, Value: 5 }),
      "Conta bancária não existe",
    );
    expect(await titleRow(id)).toMatchObject({ openValue: 5_000, status: 1 });
    expect(await entriesOfTitle(id)).toEqual([]);
    expect(await balanceUpTo(dbOf(), otherBank, "2099-12-31")).toBe(0);
  });

  it("refuses a supplier of another company, on create and on update", async () => {
    const foreign = await makeSupplier(2, "Da filial");
    expectRefusal(
      await admin.post("/accounts/payable", {
        Description: "T",
        Value: 1,
        DueDate: "2026-08-01",
        IDSupplier: foreign,
      }),
      "Fornecedor não existe",
    );
    const created = await admin.post("/accounts/payable", {
      Description: "T",
      Value: 1,
      DueDate: "2026-08-01",
    });
    const id = created.body.IDAccountPayableReceivable;
    expectRefusal(
      await admin.put(`/accounts/payable/${id}`, { IDSupplier: foreign }),
      "Fornecedor não existe",
    );
    expect(await titleRow(id)).toMatchObject({ supplierId: null });
  });

  it("requires a token", async () => {
    expect(await call("demo", "GET", "/1.0/accounts/payable")).toMatchObject({
      status: 401,
      body: { errorMessage: "Não autorizado" },
    });
    expect(await call("demo", "POST", "/1.0/accounts/receivable/1/payment", { body: {} })).toMatchObject({
      status: 401,
    });
  });
});
