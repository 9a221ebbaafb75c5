import { beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../support/answers";
import { client, signIn } from "../../support/api";
import { insertBankAccount, newestId } from "../../support/bank-account-factories";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";

let api: ReturnType<typeof client>;
beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const history = (id: number, query = "") =>
  api.get<Answer<"$get", "/accounts/bank-account/:idbankaccount/history">>(
    `/accounts/bank-account/${id}/history${query}`,
  );

describe("GET /accounts/bank-account/{idbankaccount}/history", () => {
  it("lists create, update and adjustment, newest first, with who, when and what changed", async () => {
    const id = newestId((await api.post("/accounts/bank-account", { Bank: "Itaú", BankNumber: "341" })).body);
    expect((await api.put(`/accounts/bank-account/${id}`, { Bank: "Itaú Unibanco" })).status).toBe(200);
    const adjust = { InitialBalance: 1500.5, InitialBalanceDate: "2026-01-01" };
    expect((await api.put(`/accounts/bank-account/${id}`, adjust)).status).toBe(200);

    const response = await history(id);
    expect(response.status).toBe(200);
    expect(response.body.map((h) => h.Action)).toEqual(["adjustment", "update", "create"]);
    const [adjustment, update, create] = response.body;
    expect(adjustment).toMatchObject({
      IDBankAccount: id,
      IDUser: 1,
      Changes: {
        Balance: { Before: 0, After: 1500.5 },
        InitialBalanceDate: { Before: null, After: "2026-01-01" },
        IDBankStatement: { Before: null, After: expect.any(Number) },
      },
    });
    expect(update!.Changes).toEqual({ Bank: { Before: "Itaú", After: "Itaú Unibanco" } });
    expect(create!.Changes).toMatchObject({ Bank: { Before: null, After: "Itaú" } });
    for (const item of response.body) {
      expect(item.CreatedAt).toMatch(DATE_TIME);
      expect(typeof item.IDBankAccountHistory).toBe("number");
    }
    expect(adjustment!.IDBankAccountHistory).toBeGreaterThan(update!.IDBankAccountHistory);
  });

  it("stays readable after the delete, its last record", async () => {
    const id = newestId(
      (await api.post("/accounts/bank-account", { Bank: "Caixa", BankNumber: "104" })).body,
    );
    expect((await api.delete(`/accounts/bank-account/${id}`)).status).toBe(200);
    const response = await history(id);
    expect(response.status).toBe(200);
    expect(response.body.map((h) => [h.Action, h.Changes.Status ?? null])).toEqual([
      ["delete", { Before: 1, After: 0 }],
      ["create", null],
    ]);
  });

  it("records the user who made each change", async () => {
    const filial = client("demo", await signIn("demo", "filial@demo.local"));
    const id = newestId(
      (await filial.post("/accounts/bank-account", { Bank: "Sicredi", BankNumber: "748" })).body,
    );
    expect((await filial.get(`/accounts/bank-account/${id}/history`)).body[0]).toMatchObject({
      Action: "create",
      IDUser: 2,
    });
  });

  it("pages by 5000, Page from 0", async () => {
    const id = newestId(
      (await api.post("/accounts/bank-account", { Bank: "Inter", BankNumber: "077" })).body,
    );
    expect((await history(id, "?Page=0")).body).toHaveLength(1);
    expect((await history(id, "?Page=1")).body).toEqual([]);
    expect((await history(id, "?Page=-1")).status).toBe(400);
  });

  it("answers Conta bancária não existe for a missing account or another company's", async () => {
    const elsewhere = await insertBankAccount({ companyId: 2 });
    for (const id of [999_999, elsewhere]) {
      expectRefusal(await history(id), "Conta bancária não existe");
    }
  });
});
