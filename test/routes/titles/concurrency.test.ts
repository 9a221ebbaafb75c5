import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { balanceUpTo } from "../../../src/db/ledger";
import { client, errorBody, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  dbOf,
  entriesOfTitle,
  makeBankAccount,
  paidByEntries,
  titleRow,
} from "../../support/title-factories";

let api: ReturnType<typeof client>;
let bankAccountId: number;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  bankAccountId = await makeBankAccount(1);
});

const PAYMENT_CONFLICT_5 =
  "Pagamento de 5.00 recusado: a conta a pagar foi alterada por outra operação ao mesmo tempo; consulte o valor em aberto e tente novamente";
const PAYMENT_CONFLICT =
  "Pagamento de 7.00 recusado: a conta a pagar foi alterada por outra operação ao mesmo tempo; consulte o valor em aberto e tente novamente";

async function createPayable(value: number) {
  const response = await api.post("/accounts/payable", {
    Description: "Fornecimento",
    Value: value,
    DueDate: "2026-05-01",
  });
  return response.body.IDAccountPayableReceivable as number;
}

describe("20 concurrent payments that together exceed the title", () => {
  it("never overpay: entries sum to value - open value and never above the value", async () => {
    const id = await createPayable(100);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post(`/accounts/payable/${id}/payment`, { IDBankAccount: bankAccountId, Value: 7 }),
      ),
    );
    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status !== 200);
    const title = await titleRow(id);
    const paid = await paidByEntries(id);
    expect(ok.length).toBe(14);
    expect(paid).toBe(14 * 700);
    expect(paid).toBeLessThanOrEqual(title!.value);
    expect(paid).toBe(title!.value - title!.openValue);
    expect(title).toMatchObject({ openValue: 200, status: 2 });
    expect(await entriesOfTitle(id)).toHaveLength(14);
    const messages = refused.map((r) => [r.status, errorBody(r).errorMessage]);
    for (const [status, message] of messages) {
      expect(status).toBe(400);
      expect([
        PAYMENT_CONFLICT,
        "Valor do pagamento 7.00 maior que o valor em aberto 2.00 da conta a pagar",
      ]).toContain(message);
    }
    // The requests read the title before any of them wrote: some were refused by the CHECK itself.
    expect(messages.some(([, message]) => message === PAYMENT_CONFLICT)).toBe(true);
  });
});

describe("a payment losing the race against another one", () => {
  it("is refused by the open value CHECK, whole: no entry, no balance change", async () => {
    // Simulates a payment that settles the whole title just before this one writes.
    await env.DB_DEMO.exec(
      "CREATE TRIGGER test_race_payment BEFORE INSERT ON bank_statements WHEN NEW.description = 'Recebimento Corrida' BEGIN UPDATE titles SET open_value = 0, status = 3 WHERE id = NEW.title_id; END",
    );
    const account = await makeBankAccount(1, "Banco da corrida");
    const created = await api.post("/accounts/receivable", {
      Description: "Corrida",
      Value: 30,
      DueDate: "2026-05-01",
    });
    const id = created.body.IDAccountPayableReceivable;
    const response = await api.post(`/accounts/receivable/${id}/payment`, {
      IDBankAccount: account,
      Value: 12.5,
    });
    expectRefusal(
      response,
      "Recebimento de 12.50 recusado: a conta a receber foi alterada por outra operação ao mesmo tempo; consulte o valor em aberto e tente novamente",
    );
    expect(await titleRow(id)).toMatchObject({ openValue: 3_000, status: 1 });
    expect(await entriesOfTitle(id)).toEqual([]);
    expect(await balanceUpTo(dbOf(), account, "2099-12-31")).toBe(0);
  });

  it("is refused with the same message on a payable", async () => {
    await env.DB_DEMO.exec(
      "CREATE TRIGGER test_race_payable BEFORE INSERT ON bank_statements WHEN NEW.description = 'Pagamento Corrida' BEGIN UPDATE titles SET open_value = 0, status = 3 WHERE id = NEW.title_id; END",
    );
    const created = await api.post("/accounts/payable", {
      Description: "Corrida",
      Value: 7,
      DueDate: "2026-05-01",
    });
    const id = created.body.IDAccountPayableReceivable;
    const response = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: bankAccountId,
      Value: 7,
    });
    expectRefusal(response, PAYMENT_CONFLICT);
    expect(await titleRow(id)).toMatchObject({ openValue: 700, status: 1 });
  });
});

describe("a value change losing the race against a payment", () => {
  it("is refused by the CHECK with a clear message", async () => {
    // Simulates the CHECK failure of an update that a payment made invalid after the request read the title.
    await env.DB_DEMO.exec(
      "CREATE TRIGGER test_race_value BEFORE UPDATE OF value ON titles WHEN NEW.description = 'Valor em disputa' BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: titles_open_value_range'); END",
    );
    for (const [path, message] of [
      [
        "/accounts/payable",
        "Valor 40.00 recusado: a conta a pagar foi alterada por outra operação ao mesmo tempo; consulte o valor pago e tente novamente",
      ],
      [
        "/accounts/receivable",
        "Valor 40.00 recusado: a conta a receber foi alterada por outra operação ao mesmo tempo; consulte o valor recebido e tente novamente",
      ],
    ] as const) {
      const created = await api.post(path, {
        Description: "Valor em disputa",
        Value: 50,
        DueDate: "2026-05-01",
      });
      const id = created.body.IDAccountPayableReceivable;
      const response = await api.put(`${path}/${id}`, { Value: 40 });
      expectRefusal(response, message);
      expect(await titleRow(id)).toMatchObject({ value: 5_000, openValue: 5_000 });
    }
  });

  it("keeps value - open value equal to the entries when both run at once", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await createPayable(100);
      const results = await Promise.all([
        ...Array.from({ length: 8 }, () =>
          api.post(`/accounts/payable/${id}/payment`, { IDBankAccount: bankAccountId, Value: 10 }),
        ),
        api.put(`/accounts/payable/${id}`, { Value: 45 }),
      ]);
      const title = (await titleRow(id))!;
      const paid = await paidByEntries(id);
      expect(paid).toBe(title.value - title.openValue);
      expect(title.openValue).toBeGreaterThanOrEqual(0);
      const put = results.at(-1)!;
      if (put.status === 200) {
        expect(title.value).toBe(4_500);
        expect(put.body.Value).toBe(45);
      } else {
        expect(title.value).toBe(10_000);
        expect(errorBody(put).errorMessage).toMatch(/^Valor 45\.00 (menor que o valor já pago|recusado)/);
      }
    }
  });
});

describe("concurrent deletes of one payment", () => {
  it("remove it once and restore the open value once", async () => {
    const id = await createPayable(100);
    const paid = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: bankAccountId,
      Value: 25,
    });
    const paymentId = paid.body.Payments[0]!.IDAccountPayment;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => api.delete(`/accounts/payable/${id}/payment/${paymentId}`)),
    );
    expect(responses.filter((r) => r.status === 200).map((r) => r.body)).toEqual([[]]);
    for (const r of responses.filter((r) => r.status !== 200)) {
      expectRefusal(r, "Pagamento não existe");
    }
    expect(await titleRow(id)).toMatchObject({ openValue: 10_000, status: 1 });
    expect(await entriesOfTitle(id)).toEqual([]);
  });
});

describe("deleting a title while it is being paid", () => {
  it("refuses a payment whose title was deleted just before it wrote, whole", async () => {
    // Simulates the title's delete landing between the payment's reads and its write.
    await env.DB_DEMO.exec(
      "CREATE TRIGGER test_race_delete BEFORE INSERT ON bank_statements WHEN NEW.description = 'Pagamento Excluída' BEGIN UPDATE titles SET status = 0 WHERE id = NEW.title_id; END",
    );
    const created = await api.post("/accounts/payable", {
      Description: "Excluída",
      Value: 9,
      DueDate: "2026-05-01",
    });
    const id = created.body.IDAccountPayableReceivable;
    const response = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: bankAccountId,
      Value: 9,
    });
    expect(response.status).toBe(400);
    expect(await entriesOfTitle(id)).toEqual([]);
    expect(await titleRow(id)).toMatchObject({ openValue: 900, status: 1 });
  });

  it("never leaves a deleted title with payments", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await createPayable(20);
      const [removed, payment] = await Promise.all([
        api.delete(`/accounts/payable/${id}`),
        api.post(`/accounts/payable/${id}/payment`, { IDBankAccount: bankAccountId, Value: 5 }),
      ]);
      const title = (await titleRow(id))!;
      const rows = await entriesOfTitle(id);
      if (removed.status === 200) {
        expect(title.status).toBe(0);
        expect(rows).toEqual([]);
        expect(payment.status).toBe(400);
        expect([PAYMENT_CONFLICT_5, "Conta a pagar não existe"]).toContain(errorBody(payment).errorMessage);
      } else {
        expect(errorBody(removed).errorMessage).toBe(
          "Conta a pagar possui pagamentos e não pode ser excluída",
        );
        expect(payment.status).toBe(200);
        expect(title).toMatchObject({ status: 2, openValue: 1_500 });
        expect(rows).toHaveLength(1);
      }
    }
  });
});
