import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consumers, pixChargeSlots, titles } from "../../../drizzle/schema";
import { PIX_MAX_ANSWER_BYTES } from "../../../src/adapters/pix/bacen-api";
import { hasValidCrc } from "../../../src/domain/pix/br-code";
import { PIX_CONNECTION_MESSAGES } from "../../../src/domain/pix/connection";
import { PIX_MESSAGES } from "../../../src/domain/pix/messages";
import { PIX_SETTINGS_MESSAGES as M } from "../../../src/domain/pix/settings-messages";
import { call, client, signIn } from "../../support/api";
import { type PspFault, pspDouble } from "../../support/pix-psp-double";
import { expectRefusal } from "../../support/refusal";
import { demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  capturingLogs,
  chargeRows,
  EVP_KEY,
  expectNoSecrets,
  newBankAccount,
  pixRow,
  secretOf,
} from "./pix-settings-factories";

type Api = ReturnType<typeof client>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

let pspCount = 0;

/** A PSP of its own on the double and a configured Pix integration of company 1 calling it. */
async function pixSetup(options: { credentials?: { ClientId: string; ClientSecret: string } | null } = {}) {
  const psp = await pspDouble(`charge${++pspCount}-${Date.now()}`, {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
  });
  const credentials =
    options.credentials === undefined
      ? { ClientId: CLIENT_ID, ClientSecret: CLIENT_SECRET }
      : options.credentials;
  const created = await api.post("/company/integration", {
    Description: unique("Pix PSP"),
    Kind: "PIX",
    IDBankAccount: await newBankAccount(),
    BaseUrl: psp.baseUrl,
    ...(credentials ? { Credentials: credentials } : {}),
    PixKey: EVP_KEY,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { psp, integrationId: created.body[0]!.IDCompanyIntegration };
}

/** A receivable title of company 1 for a consumer with a valid CPF. */
async function receivable(value = 100, extra: Record<string, unknown> = {}) {
  const consumer = await demoDb()
    .insert(consumers)
    .values({ companyId: 1, name: "Francisco da Silva", document: "52998224725" })
    .returning({ id: consumers.id })
    .get();
  const created = await api.post("/accounts/receivable", {
    Description: unique("Mensalidade"),
    Value: value,
    DueDate: "2026-12-10",
    IDConsumer: consumer!.id,
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.IDAccountPayableReceivable as number;
}

const titleTxId = async (id: number) =>
  (await demoDb().select({ txId: titles.txId }).from(titles).where(eq(titles.id, id)).get())?.txId;

const slotRows = (titleId: number) =>
  demoDb().select().from(pixChargeSlots).where(eq(pixChargeSlots.titleId, titleId));

const charge = (titleId: number, body: Record<string, unknown>) =>
  api.post(`/accounts/receivable/${titleId}/pix`, body);

describe("a Pix charge on a receivable title", () => {
  it("asks the PSP for the open value, stores the charge and sets the title's TxId", async () => {
    const { psp, integrationId } = await pixSetup();
    const titleId = await receivable(150.25);
    const paid = await api.post(`/accounts/receivable/${titleId}/payment`, {
      IDBankAccount: await newBankAccount(),
      Value: 50,
      Date: "2026-11-20",
    });
    expect(paid.status).toBe(200);

    const { result: response, lines } = await capturingLogs(() =>
      charge(titleId, { IDCompanyIntegration: integrationId, PayerRequest: "Mensalidade de dezembro" }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body;
    expect(body).toEqual({
      IDPixCharge: expect.any(Number),
      IDCompanyIntegration: integrationId,
      TxId: expect.stringMatching(/^[a-zA-Z0-9]{32}$/),
      Status: "ATIVA",
      Location: expect.stringMatching(/^pix\.double\.invalid\/qr\/v2\//),
      PixCopiaECola: expect.any(String),
      Value: 100.25,
      ExpiresInSeconds: 86400,
      CreatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(hasValidCrc(body.PixCopiaECola!)).toBe(true);
    expectNoSecrets([...lines, JSON.stringify(body)], [CLIENT_SECRET, CLIENT_ID]);

    // what the PSP received: the token request, then the charge as the OpenAPI's CobSolicitada
    const requests = await psp.requests();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /oauth/token",
      `PUT /v2/cob/${body.TxId}`,
    ]);
    expect(JSON.parse(requests[1]!.body)).toEqual({
      calendario: { expiracao: 86400 },
      devedor: { cpf: "52998224725", nome: "Francisco da Silva" },
      valor: { original: "100.25" },
      chave: EVP_KEY,
      solicitacaoPagador: "Mensalidade de dezembro",
    });

    expect(await titleTxId(titleId)).toBe(body.TxId);
    expect((await api.get(`/accounts/receivable/${titleId}`)).body).toMatchObject({ TxId: body.TxId });
    const rows = await chargeRows(titleId);
    expect(rows).toEqual([
      expect.objectContaining({
        companyId: 1,
        companyIntegrationId: integrationId,
        txId: body.TxId,
        status: "ATIVA",
        value: 10025,
        expiresInSeconds: 86400,
        location: body.Location,
        pixCopiaECola: body.PixCopiaECola,
      }),
    ]);
    expect((await api.get(`/accounts/receivable/${titleId}/pix`)).body).toEqual([body]);
    expect((await pixRow(integrationId))!.state).toBe("Ok");
  });

  it("uses the title's own TxId, a debtor only when the consumer's document is valid, and the given expiry", async () => {
    const { psp, integrationId } = await pixSetup();
    const txid = `Titulo${Date.now()}`.padEnd(30, "X");
    const consumer = await demoDb()
      .insert(consumers)
      .values({ companyId: 1, name: "Sem Documento" })
      .returning({ id: consumers.id })
      .get();
    const titleId = await receivable(20, { TxId: txid, IDConsumer: consumer!.id });
    const response = await charge(titleId, { IDCompanyIntegration: integrationId, ExpiresInSeconds: 3600 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ TxId: txid, ExpiresInSeconds: 3600, Value: 20 });
    const put = (await psp.requests()).find((r) => r.method === "PUT");
    expect(put!.path).toBe(`/v2/cob/${txid}`);
    expect(JSON.parse(put!.body)).toEqual({
      calendario: { expiracao: 3600 },
      valor: { original: "20.00" },
      chave: EVP_KEY,
    });
  });

  it("refuses a second charge while one is active, and charges again once it expired", async () => {
    const { psp, integrationId } = await pixSetup();
    const titleId = await receivable(30);
    const first = await charge(titleId, { IDCompanyIntegration: integrationId, ExpiresInSeconds: 60 });
    expect(first.status).toBe(200);
    const before = await psp.requests();
    expectRefusal(
      await charge(titleId, { IDCompanyIntegration: integrationId }),
      M.chargeActive(first.body.TxId),
    );
    expect(await psp.requests()).toHaveLength(before.length);
    expect(await chargeRows(titleId)).toHaveLength(1);

    // the first charge expired (its creation moved back two minutes): a new txid is charged
    const { pixCharges } = await import("../../../drizzle/schema");
    await demoDb()
      .update(pixCharges)
      .set({ createdAt: "2020-01-01 00:00:00" })
      .where(eq(pixCharges.titleId, titleId));
    const second = await charge(titleId, { IDCompanyIntegration: integrationId });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.TxId).not.toBe(first.body.TxId);
    expect(await titleTxId(titleId)).toBe(second.body.TxId);
    expect((await api.get(`/accounts/receivable/${titleId}/pix`)).body.map((c) => c.TxId)).toEqual([
      second.body.TxId,
      first.body.TxId,
    ]);
  });
});

describe("a charge paid at the PSP", () => {
  it("arrives by the webhook at the URL the integration answered: the title is paid, the line reconciled, the charge CONCLUIDA", async () => {
    const psp = await pspDouble(`charge-paid-${Date.now()}`, {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    const created = await api.post("/company/integration", {
      Description: unique("Pix PSP"),
      Kind: "PIX",
      IDBankAccount: await newBankAccount(),
      BaseUrl: psp.baseUrl,
      Credentials: { ClientId: CLIENT_ID, ClientSecret: CLIENT_SECRET },
      PixKey: EVP_KEY,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [integration] = created.body;
    const titleId = await receivable(80);
    const charged = await charge(titleId, { IDCompanyIntegration: integration!.IDCompanyIntegration });
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);

    const pix = await psp.pay(charged.body.TxId, { cpf: "52998224725", nome: "Francisco da Silva" });
    const path = new URL(String(integration!.WebhookUrl)).pathname;
    expect(path).toBe(`/pix/webhook/${secretOf(integration!.WebhookUrl)}`);
    const callback = await call("demo", "POST", `${path}/pix`, { body: { pix: [pix] } });
    expect(callback.status, JSON.stringify(callback.body)).toBe(200);

    expect((await api.get(`/accounts/receivable/${titleId}`)).body).toMatchObject({
      Value: 80,
      OpenValue: 0,
    });
    expect((await api.get(`/accounts/receivable/${titleId}/pix`)).body).toEqual([
      { ...charged.body, Status: "CONCLUIDA" },
    ]);
    const history = await api.get(`/accounts/receivable/${titleId}/collection`);
    expect(history.body).toEqual([
      expect.objectContaining({ Source: "PIX", Kind: "liquidation", PaidValue: 80 }),
    ]);
  });
});

describe("two charges of one title at the same time", () => {
  it("store one charge; the other is refused as active", async () => {
    const { integrationId } = await pixSetup();
    const titleId = await receivable(75);
    const answers = await Promise.all([
      charge(titleId, { IDCompanyIntegration: integrationId }),
      charge(titleId, { IDCompanyIntegration: integrationId }),
    ]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    const refused = answers.find((a) => a.status !== 200)!;
    expectRefusal(refused, M.chargeActive(ok[0]!.body.TxId));
    const rows = await chargeRows(titleId);
    expect(rows.map((r) => r.txId)).toEqual([ok[0]!.body.TxId]);
    expect(await titleTxId(titleId)).toBe(ok[0]!.body.TxId);
  });
});

describe("the title's charge slot", () => {
  it("eight charges of one title at once ask the PSP once: one PUT /v2/cob, one charge, seven refused as active", async () => {
    const { psp, integrationId } = await pixSetup();
    const titleId = await receivable(64);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => charge(titleId, { IDCompanyIntegration: integrationId })),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok, JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
    const txid = ok[0]!.body.TxId;
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expectRefusal(refused, M.chargeActive(txid));
    }
    const puts = (await psp.requests()).filter((r) => r.method === "PUT");
    expect(puts.map((r) => r.path)).toEqual([`/v2/cob/${txid}`]);
    expect((await chargeRows(titleId)).map((r) => r.txId)).toEqual([txid]);
    expect(await slotRows(titleId)).toEqual([]);
  });

  it("a slot held by a request still calling the PSP refuses the charge with its txid, calling nothing", async () => {
    const { psp, integrationId } = await pixSetup();
    const titleId = await receivable(12);
    const held = `Held${Date.now()}`.padEnd(32, "H");
    await demoDb()
      .insert(pixChargeSlots)
      .values({ titleId, companyId: 1, companyIntegrationId: integrationId, txId: held });
    expectRefusal(await charge(titleId, { IDCompanyIntegration: integrationId }), M.chargeActive(held));
    expect(await psp.requests()).toEqual([]);
    expect(await chargeRows(titleId)).toEqual([]);
  });

  it("a slot left by a request that died mid-call is taken over after the lease, with its txid", async () => {
    const { psp, integrationId } = await pixSetup();
    const titleId = await receivable(13);
    const left = `Left${Date.now()}`.padEnd(32, "L");
    await demoDb().insert(pixChargeSlots).values({
      titleId,
      companyId: 1,
      companyIntegrationId: integrationId,
      txId: left,
      takenAt: "2020-01-01 00:00:00",
    });
    const response = await charge(titleId, { IDCompanyIntegration: integrationId });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // the same txid again: had the lost call created the charge, the PSP revises it (never two charges)
    expect(response.body.TxId).toBe(left);
    expect((await psp.requests()).filter((r) => r.method === "PUT").map((r) => r.path)).toEqual([
      `/v2/cob/${left}`,
    ]);
    expect(await slotRows(titleId)).toEqual([]);
  });

  it("a failed call frees the slot: the next charge calls the PSP again", async () => {
    const { psp, integrationId } = await pixSetup();
    await psp.faults([{ on: "api", mode: "503" }]);
    const titleId = await receivable(14);
    const failed = await charge(titleId, { IDCompanyIntegration: integrationId });
    expect(failed.status).toBe(400);
    expect(await slotRows(titleId)).toEqual([]);
    const retried = await charge(titleId, { IDCompanyIntegration: integrationId });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect((await psp.requests()).filter((r) => r.method === "PUT")).toHaveLength(2);
  });
});

describe("each refusal of a charge writes nothing and calls no PSP", () => {
  it("a title that is paid, deleted, payable or of another company; a missing or non-Pix integration; no Pix key", async () => {
    const { psp, integrationId } = await pixSetup();
    const body = { IDCompanyIntegration: integrationId };

    const paid = await receivable(10);
    await api.post(`/accounts/receivable/${paid}/payment`, {
      IDBankAccount: await newBankAccount(),
      Value: 10,
      Date: "2026-11-20",
    });
    expectRefusal(await charge(paid, body), M.chargePaid);

    const deleted = await receivable(10);
    expect((await api.delete(`/accounts/receivable/${deleted}`)).status).toBe(200);
    expectRefusal(await charge(deleted, body), "Conta a receber não existe");

    const payable = await api.post("/accounts/payable", {
      Description: "Aluguel",
      Value: 10,
      DueDate: "2026-12-01",
    });
    expectRefusal(await charge(payable.body.IDAccountPayableReceivable, body), "Conta a receber não existe");

    const other = client("demo", await signIn("demo", "filial@demo.local"));
    const theirs = await other.post("/accounts/receivable", {
      Description: "Deles",
      Value: 10,
      DueDate: "2026-12-01",
    });
    expectRefusal(await charge(theirs.body.IDAccountPayableReceivable, body), "Conta a receber não existe");
    expectRefusal(
      await api.get(`/accounts/receivable/${theirs.body.IDAccountPayableReceivable}/pix`),
      "Conta a receber não existe",
    );

    const titleId = await receivable(10);
    expectRefusal(await charge(titleId, { IDCompanyIntegration: 999999 }), "Integração Pix não existe");
    const tef = await api.post("/company/integration", { Description: "TEF", Kind: "TEF" });
    expectRefusal(
      await charge(titleId, { IDCompanyIntegration: tef.body[0]!.IDCompanyIntegration }),
      "Integração Pix não existe",
    );
    const noKey = await api.post("/company/integration", {
      Description: "Pix sem chave",
      Kind: "PIX",
      IDBankAccount: await newBankAccount(),
      BaseUrl: psp.baseUrl,
      Credentials: { ClientId: CLIENT_ID, ClientSecret: CLIENT_SECRET },
    });
    expectRefusal(
      await charge(titleId, { IDCompanyIntegration: noKey.body[0]!.IDCompanyIntegration }),
      M.chargeNoPixKey,
    );

    for (const ExpiresInSeconds of [0, 59, 31_536_001, 1.5]) {
      expectRefusal(
        await charge(titleId, { ...body, ExpiresInSeconds }),
        M.expiresInvalid,
        String(ExpiresInSeconds),
      );
    }
    const long = await charge(titleId, { ...body, PayerRequest: "x".repeat(141) });
    expectRefusal(long, "PayerRequest aceita no máximo 140 caracteres");

    expect(await psp.requests()).toEqual([]);
    for (const id of [paid, deleted, titleId]) expect(await chargeRows(id)).toEqual([]);
    expect(await titleTxId(titleId)).toBeNull();
  });

  it("an integration without credentials: NotConfigured, with the reason", async () => {
    const { psp, integrationId } = await pixSetup({ credentials: null });
    const titleId = await receivable(10);
    expectRefusal(
      await charge(titleId, { IDCompanyIntegration: integrationId }),
      PIX_CONNECTION_MESSAGES.noCredentials,
    );
    expect(await psp.requests()).toEqual([]);
    expect(await pixRow(integrationId)).toMatchObject({
      state: "NotConfigured",
      stateReason: PIX_CONNECTION_MESSAGES.noCredentials,
    });
  });
});

describe("each PSP failure: 400 with the PSP's reason, no charge, the integration's state updated", () => {
  const cases: {
    label: string;
    faults: PspFault[];
    state: string;
    reason: string | RegExp;
    wrongSecret?: boolean;
  }[] = [
    {
      label: "credentials refused at the token endpoint",
      faults: [],
      wrongSecret: true,
      state: "CredentialsRefused",
      reason: PIX_MESSAGES.credentialsRefused(401),
    },
    {
      label: "429 with Retry-After",
      faults: [{ on: "api", mode: "429", retryAfter: "120" }],
      state: "RateLimited",
      reason: PIX_MESSAGES.rateLimited(120),
    },
    {
      label: "500",
      faults: [{ on: "api", mode: "500" }],
      state: "Unavailable",
      reason: /^O PSP está indisponível \(HTTP 500\): Erro Interno do Servidor/,
    },
    {
      label: "503 at the token endpoint",
      faults: [{ on: "token", mode: "503" }],
      state: "Unavailable",
      reason: /^O PSP está indisponível \(HTTP 503\): Serviço Indisponível/,
    },
    {
      label: "a 500 echoing the credentials",
      faults: [{ on: "token", mode: "leaky-problem" }],
      state: "Unavailable",
      reason: /^O PSP está indisponível \(HTTP 500\)/,
    },
    {
      label: "garbage (200 that is not JSON)",
      faults: [{ on: "api", mode: "garbage" }],
      state: "InvalidAnswer",
      reason: PIX_MESSAGES.invalidAnswer("corpo não é JSON"),
    },
    {
      label: "a redirect of the API, never followed",
      faults: [{ on: "api", mode: "redirect" }],
      state: "InvalidAnswer",
      reason: PIX_MESSAGES.invalidAnswer("redirecionamento HTTP 302 não seguido"),
    },
    {
      label: "a redirect of the token endpoint, never followed with the credentials",
      faults: [{ on: "token", mode: "redirect" }],
      state: "InvalidAnswer",
      reason: PIX_MESSAGES.invalidAnswer("redirecionamento HTTP 302 não seguido"),
    },
    {
      label: "an answer over the size bound",
      faults: [{ on: "api", mode: "huge" }],
      state: "InvalidAnswer",
      reason: PIX_MESSAGES.invalidAnswer(`resposta maior que ${PIX_MAX_ANSWER_BYTES} bytes`),
    },
    {
      label: "JSON of another shape",
      faults: [{ on: "api", mode: "wrong-shape" }],
      state: "InvalidAnswer",
      reason: /^O PSP respondeu fora do formato da API Pix: campo .* inválido$/,
    },
  ];

  for (const c of cases) {
    it(c.label, async () => {
      const { psp, integrationId } = await pixSetup(
        c.wrongSecret ? { credentials: { ClientId: CLIENT_ID, ClientSecret: "segredo-errado-999" } } : {},
      );
      await psp.faults(c.faults);
      const titleId = await receivable(42);
      const { result: response, lines } = await capturingLogs(() =>
        charge(titleId, { IDCompanyIntegration: integrationId }),
      );
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      const message = (response.body as unknown as { errorMessage: string }).errorMessage;
      if (typeof c.reason === "string") expect(message).toBe(c.reason);
      else expect(message).toMatch(c.reason);
      expectNoSecrets(
        [message, ...lines],
        [CLIENT_SECRET, CLIENT_ID, "segredo-errado-999", btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)],
      );

      expect(await chargeRows(titleId)).toEqual([]);
      expect(await titleTxId(titleId)).toBeNull();
      // a redirect is never followed: the address it names received nothing
      expect(await psp.movedRequests()).toEqual([]);
      const row = await pixRow(integrationId);
      expect(row).toMatchObject({ state: c.state, stateReason: message });
      expect(row!.retryAfter !== null).toBe(c.state === "RateLimited");
      const shown = await api.get(`/company/integration/${integrationId}`);
      expect(shown.body[0]).toMatchObject({ State: c.state, StateReason: message });

      // the PSP answers again: the next charge succeeds and the state is Ok
      if (!c.wrongSecret) {
        await psp.faults([]);
        const retried = await charge(titleId, { IDCompanyIntegration: integrationId });
        expect(retried.status, JSON.stringify(retried.body)).toBe(200);
        expect(await pixRow(integrationId)).toMatchObject({ state: "Ok", stateReason: null });
      }
    });
  }

  it("no answer within the timeout", { timeout: 40_000 }, async () => {
    const { psp, integrationId } = await pixSetup();
    await psp.faults([{ on: "api", mode: "stall" }]);
    const titleId = await receivable(42);
    const response = await charge(titleId, { IDCompanyIntegration: integrationId });
    expectRefusal(response, PIX_MESSAGES.timeout(10_000));
    expect(await chargeRows(titleId)).toEqual([]);
    expect(await pixRow(integrationId)).toMatchObject({
      state: "Timeout",
      stateReason: PIX_MESSAGES.timeout(10_000),
    });
  });
});
