/// <reference types="node" />
import { describe, expect, inject, it } from "vitest";
import { createClient } from "../../src/client";
import { root, runCommand } from "../scripts/run-command";
import { checkedFetch } from "./support/declared-answers";
import { apiBaseUrl } from "./support/local-server";

// Type-checked by `tsc --noEmit` (npm test) and run against the local server: the typed client's
// paths, bodies and answers are those of the routes.
async function adminToken(): Promise<string> {
  const signIn = await createClient(`${apiBaseUrl()}/1.0`, { fetch: checkedFetch }).user.signin.local.$post({
    json: { Email: "admin@demo.local", Password: "demo123" },
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  return (await signIn.json()).Token;
}

describe("typed client (hono/client) against the local server", () => {
  it("signs in, creates two bank accounts, posts a transfer and lists the balances", async () => {
    const baseUrl = `${apiBaseUrl()}/1.0`;
    const signIn = await createClient(baseUrl, { fetch: checkedFetch }).user.signin.local.$post({
      json: { Email: "admin@demo.local", Password: "demo123" },
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
    const { Token, IDCompany } = await signIn.json();
    expect(IDCompany).toBe(1);

    const api = createClient(baseUrl, { token: Token, fetch: checkedFetch });
    const suffix = Date.now().toString().slice(-6);
    const created: number[] = [];
    for (const bank of ["Banco Tipado", "Caixa Tipada"]) {
      const response = await api.accounts["bank-account"].$post({
        json: {
          Bank: `${bank} ${suffix}`,
          BankNumber: "001",
          Agency: "0001",
          AccountNumber: `${suffix}-${created.length}`,
        },
      });
      if (response.status !== 200)
        throw new Error(`create answered ${response.status}: ${await response.text()}`);
      const list = await response.json();
      const account = list.find((item) => item.Bank === `${bank} ${suffix}`);
      expect(account).toBeDefined();
      created.push(account!.IDBankAccount);
    }

    const transfer = await api.accounts["bank-statement"].transfer.$post({
      json: { IDBankFrom: created[0], IDBankTo: created[1], Value: 123.45, Description: "Cliente tipado" },
    });
    if (transfer.status !== 200)
      throw new Error(`transfer answered ${transfer.status}: ${await transfer.text()}`);
    const { Value, Debit, Credit } = await transfer.json();
    expect(Value).toBe(123.45);
    expect(Debit.IDBankAccount).toBe(created[0]);
    expect(Credit.IDBankAccount).toBe(created[1]);

    const listed = await api.accounts["bank-account"].$get({ query: {} });
    if (listed.status !== 200) throw new Error(`list answered ${listed.status}`);
    const balances = new Map((await listed.json()).map((item) => [item.IDBankAccount, item.Balance]));
    expect(balances.get(created[0]!)).toBe(-123.45);
    expect(balances.get(created[1]!)).toBe(123.45);
  });

  it("types the description-only registries too", async () => {
    const api = createClient(`${apiBaseUrl()}/1.0`, { token: await adminToken(), fetch: checkedFetch });
    const created = await api.type.document.$post({ json: { Description: "Nota fiscal" } });
    if (created.status !== 200) throw new Error(`create answered ${created.status}`);
    const [documentType] = await created.json();
    expect(documentType!.Description).toBe("Nota fiscal");
    const listed = await api.type["cost-center"].$get({ query: {} });
    expect(listed.status).toBe(200);
  });

  it("types titles and their payments", async () => {
    const api = createClient(`${apiBaseUrl()}/1.0`, { token: await adminToken(), fetch: checkedFetch });
    const created = await api.accounts.receivable.$post({
      json: { Description: "Pedido tipado", Value: 80.5, DueDate: "2026-12-01" },
    });
    if (created.status !== 200) throw new Error(`create answered ${created.status}`);
    const title = await created.json();
    expect(title.OpenValue).toBe(80.5);
    const fetched = await api.accounts.receivable[":idaccountreceivable"].$get({
      param: { idaccountreceivable: String(title.IDAccountPayableReceivable) },
    });
    expect(fetched.status).toBe(200);
  });

  it("reaches the API without a token and gets the error body", async () => {
    const response = await createClient(`${apiBaseUrl()}/1.0`, { fetch: checkedFetch }).accounts[
      "bank-account"
    ].$get({ query: {} });
    // only the 200 answers are typed (errors are thrown by the domain, not returned by handlers)
    expect(response.status as number).toBe(401);
    expect((await response.json()) as unknown).toMatchObject({
      errorMessage: "Não autorizado",
      code: "token_missing",
    });
  });
});

describe("npm run client:example", () => {
  it("signs in and lists the bank accounts at demo.localhost on the server's port (PORT only)", async () => {
    const { API_URL: _ignored, ...env } = process.env;
    const port = String(inject("apiPort"));
    const { status, stdout, stderr } = await runCommand(process.execPath, ["scripts/client-example.mjs"], {
      cwd: root,
      env: { ...env, PORT: port },
      timeoutMs: 60_000,
    });
    expect(status, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).toMatch(
      new RegExp(`^Signed in at http://demo\\.localhost:${port} as .+ \\(company 1\\)$`, "m"),
    );
    expect(stdout).toMatch(/^Company: .+$/m);
    expect(stdout).toMatch(/^\d+ bank account\(s\)$/m);
  });
});
