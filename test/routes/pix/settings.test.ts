import { beforeAll, describe, expect, it } from "vitest";
import { PIX_CONNECTION_MESSAGES } from "../../../src/domain/pix/connection";
import { PIX_SETTINGS_MESSAGES as M } from "../../../src/domain/pix/settings-messages";
import { client, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { type companyOneApi, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  callWithEnv,
  capturingLogs,
  EVP_KEY,
  expectNoSecrets,
  newBankAccount,
  pixRow,
  secretOf,
  sha256Hex,
} from "./pix-settings-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;

beforeAll(async () => {
  await seedAccounts();
  token = await signIn("demo", "admin@demo.local");
  api = client("demo", token);
});

type Item = Record<string, unknown> & { IDCompanyIntegration: number };
const itemOf = (response: { status: number; body: unknown }): Item => {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const [item] = response.body as Item[];
  return item!;
};

/** A complete Pix integration body (BaseUrl on the loopback PSP address allowed in development). */
const pixBody = async (extra: Record<string, unknown> = {}) => ({
  Description: unique("Pix Banco"),
  Kind: "pix",
  IDBankAccount: await newBankAccount(),
  BaseUrl: "http://127.0.0.1:9/psp/settings",
  Credentials: { ClientId: CLIENT_ID, ClientSecret: CLIENT_SECRET },
  PixKey: EVP_KEY,
  ...extra,
});

describe("a Pix integration's settings", () => {
  it("creates the settings with the credentials sealed, answers the webhook URL once and never the credentials", async () => {
    const body = await pixBody();
    const { result: response, lines } = await capturingLogs(() => api.post("/company/integration", body));
    const item = itemOf(response);
    expect(item).toEqual({
      IDCompanyIntegration: expect.any(Number),
      Description: body.Description,
      Kind: "PIX",
      Status: 1,
      IDBankAccount: body.IDBankAccount,
      BaseUrl: "http://127.0.0.1:9/psp/settings",
      HasCredentials: true,
      PixKey: EVP_KEY,
      MtlsCertificate: null,
      State: "Ok",
      StateReason: null,
      LastPollAt: null,
      RetryAfter: null,
      WebhookUrl: expect.any(String),
    });
    const secret = secretOf(item.WebhookUrl);
    const row = await pixRow(item.IDCompanyIntegration);
    expect(row).toMatchObject({ companyId: 1, bankAccountId: body.IDBankAccount, state: "Ok", failures: 0 });
    expect(row!.webhookSecretHash).toBe(await sha256Hex(secret));
    expect(row!.credentials).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expectNoSecrets([row!.credentials!, JSON.stringify(response.body)], [CLIENT_SECRET, CLIENT_ID]);
    expectNoSecrets(lines, [CLIENT_SECRET, CLIENT_ID, secret]);

    // read back: the settings and the state, never the credentials nor the secret
    const { result: reads, lines: readLines } = await capturingLogs(async () => [
      await api.get(`/company/integration/${item.IDCompanyIntegration}`),
      await api.get("/company/integration"),
    ]);
    const { WebhookUrl: _, ...stored } = item;
    expect(reads[0]!.body).toEqual([stored]);
    expect(reads[1]!.body).toContainEqual(stored);
    expectNoSecrets(
      [...reads.map((r) => JSON.stringify(r.body)), ...readLines],
      [CLIENT_SECRET, CLIENT_ID, secret],
    );
  });

  it("other kinds, and a PIX integration without Pix fields, answer exactly as before", async () => {
    const tef = itemOf(await api.post("/company/integration", { Description: "Cielo", Kind: "TEF" }));
    expect(tef).toEqual({
      IDCompanyIntegration: tef.IDCompanyIntegration,
      Description: "Cielo",
      Kind: "TEF",
      Status: 1,
    });
    const bare = itemOf(
      await api.post("/company/integration", { Description: "Pix sem ajuste", Kind: "PIX" }),
    );
    expect(bare).toEqual({
      IDCompanyIntegration: bare.IDCompanyIntegration,
      Description: "Pix sem ajuste",
      Kind: "PIX",
      Status: 1,
    });
    expect(await pixRow(bare.IDCompanyIntegration)).toBeUndefined();
    const renamed = itemOf(
      await api.put(`/company/integration/${bare.IDCompanyIntegration}`, { Description: "Pix 2" }),
    );
    expect(renamed).toEqual({ ...bare, Description: "Pix 2" });
  });

  it("the first write of Pix fields on an existing PIX integration creates the settings and answers the webhook URL", async () => {
    const bare = itemOf(await api.post("/company/integration", { Description: "Pix depois", Kind: "TEF" }));
    const path = `/company/integration/${bare.IDCompanyIntegration}` as const;
    expectRefusal(await api.put(path, { PixKey: EVP_KEY }), M.notPixKind);
    expectRefusal(await api.put(path, { Kind: "PIX", PixKey: EVP_KEY }), M.bankAccountRequired);
    expect(await pixRow(bare.IDCompanyIntegration)).toBeUndefined();
    const account = await newBankAccount();
    const item = itemOf(await api.put(path, { Kind: "PIX", IDBankAccount: account, PixKey: EVP_KEY }));
    expect(item).toMatchObject({
      Kind: "PIX",
      IDBankAccount: account,
      BaseUrl: null,
      HasCredentials: false,
      PixKey: EVP_KEY,
      State: "NotConfigured",
      StateReason: PIX_CONNECTION_MESSAGES.noBaseUrl,
    });
    const secret = secretOf(item.WebhookUrl);
    expect((await pixRow(bare.IDCompanyIntegration))!.webhookSecretHash).toBe(await sha256Hex(secret));
    // later writes answer no webhook URL
    const later = itemOf(await api.put(path, { BaseUrl: "http://127.0.0.1:9/psp/later" }));
    expect(later).not.toHaveProperty("WebhookUrl");
    expect(later).toMatchObject({
      State: "NotConfigured",
      StateReason: PIX_CONNECTION_MESSAGES.noCredentials,
    });
  });

  it("an update changes only the fields sent: omitted Credentials keep the stored ones; a connection change resets the state", async () => {
    const created = itemOf(await api.post("/company/integration", await pixBody()));
    const id = created.IDCompanyIntegration;
    const path = `/company/integration/${id}` as const;
    const sealed = (await pixRow(id))!.credentials;

    const renamed = itemOf(
      await api.put(path, { Description: "Pix renomeado", PixKey: "pix@empresa.com.br" }),
    );
    expect(renamed).toMatchObject({
      Description: "Pix renomeado",
      PixKey: "pix@empresa.com.br",
      HasCredentials: true,
    });
    expect((await pixRow(id))!.credentials).toBe(sealed);

    // a failure left by a call, then new credentials: Ok again, failures and wait cleared
    const { demoDb } = await import("../../support/registry-factories");
    const { pixIntegrations } = await import("../../../drizzle/schema");
    const { eq } = await import("drizzle-orm");
    await demoDb()
      .update(pixIntegrations)
      .set({
        state: "CredentialsRefused",
        stateReason: "recusado",
        failures: 3,
        retryAfter: "2099-01-01 00:00:00",
      })
      .where(eq(pixIntegrations.companyIntegrationId, id));
    const untouched = itemOf(await api.put(path, { PixKey: EVP_KEY }));
    expect(untouched).toMatchObject({ State: "CredentialsRefused", StateReason: "recusado" });
    const renewed = itemOf(
      await api.put(path, { Credentials: { ClientId: "outro-cliente", ClientSecret: "outro-segredo-123" } }),
    );
    expect(renewed).toMatchObject({ State: "Ok", StateReason: null, RetryAfter: null, HasCredentials: true });
    const row = (await pixRow(id))!;
    expect(row.credentials).not.toBe(sealed);
    expect(row.failures).toBe(0);
    expectNoSecrets([JSON.stringify(renewed)], ["outro-segredo-123", "outro-cliente"]);

    // a certificate binding the Worker does not have: NotConfigured with the reason; null removes it
    const withCert = itemOf(await api.put(path, { MtlsCertificate: "PIX_CERT_ACME" }));
    expect(withCert).toMatchObject({
      MtlsCertificate: "PIX_CERT_ACME",
      State: "NotConfigured",
      StateReason: PIX_CONNECTION_MESSAGES.noCertificate("PIX_CERT_ACME"),
    });
    const without = itemOf(await api.put(path, { MtlsCertificate: null }));
    expect(without).toMatchObject({ MtlsCertificate: null, State: "Ok", StateReason: null });
  });

  it("a configured Pix integration cannot change Kind; deleting it hides it", async () => {
    const created = itemOf(await api.post("/company/integration", await pixBody()));
    const path = `/company/integration/${created.IDCompanyIntegration}` as const;
    expectRefusal(await api.put(path, { Kind: "TEF" }), M.kindLocked);
    expect((await api.get(path)).body).toEqual([expect.objectContaining({ Kind: "PIX" })]);
    expect((await api.delete(path)).body).toBe("sucesso");
    expect((await api.get(path)).body).toEqual([]);
    expectRefusal(await api.post(`${path}/pix/webhook-secret`), "Integração não existe");
  });

  it("rotating the webhook secret answers a new URL once and replaces the stored hash", async () => {
    const created = itemOf(await api.post("/company/integration", await pixBody()));
    const id = created.IDCompanyIntegration;
    const first = secretOf(created.WebhookUrl);
    const { result: rotated, lines } = await capturingLogs(() =>
      api.post(`/company/integration/${id}/pix/webhook-secret`),
    );
    const item = itemOf(rotated);
    const second = secretOf(item.WebhookUrl);
    expect(second).not.toBe(first);
    expect((await pixRow(id))!.webhookSecretHash).toBe(await sha256Hex(second));
    expectNoSecrets(lines, [second]);
    const { WebhookUrl: _, ...withoutUrl } = item;
    const { WebhookUrl: __, ...createdWithoutUrl } = created;
    expect(withoutUrl).toEqual(createdWithoutUrl);
    expect((await api.get(`/company/integration/${id}`)).body).toEqual([withoutUrl]);
  });

  it("refuses rotating the secret of an integration that is not a configured Pix one, or of another company", async () => {
    const tef = itemOf(await api.post("/company/integration", { Description: "TEF", Kind: "TEF" }));
    expectRefusal(
      await api.post(`/company/integration/${tef.IDCompanyIntegration}/pix/webhook-secret`),
      M.notPixIntegration,
    );
    expectRefusal(await api.post("/company/integration/999999/pix/webhook-secret"), "Integração não existe");
    const other = client("demo", await signIn("demo", "filial@demo.local"));
    const theirs = itemOf(
      await other.post("/company/integration", {
        ...(await pixBody()),
        IDBankAccount: await newBankAccount(2),
      }),
    );
    expectRefusal(
      await api.post(`/company/integration/${theirs.IDCompanyIntegration}/pix/webhook-secret`),
      "Integração não existe",
    );
    expectRefusal(
      await api.put(`/company/integration/${theirs.IDCompanyIntegration}`, { PixKey: EVP_KEY }),
      "Integração não existe",
    );
  });
});

describe("each refusal of the settings", () => {
  it("Pix fields on another kind", async () => {
    expectRefusal(
      await api.post("/company/integration", { ...(await pixBody()), Kind: "TEF" }),
      M.notPixKind,
    );
  });

  it("Pix fields without IDBankAccount", async () => {
    const { IDBankAccount: _, ...body } = await pixBody();
    expectRefusal(await api.post("/company/integration", body), M.bankAccountRequired);
  });

  it("a bank account that is missing, deleted or of another company", async () => {
    const deleted = (
      await (await import("../../support/registry-factories")).insertBankAccount(1, { status: 0 })
    ).id;
    for (const account of [999999, deleted, await newBankAccount(2)]) {
      expectRefusal(
        await api.post("/company/integration", await pixBody({ IDBankAccount: account })),
        "Conta bancária não existe",
      );
    }
  });

  it("a BaseUrl that is not an http(s) URL or points to a private network (development)", async () => {
    const cases: [string, string][] = [
      ["não é url", M.baseUrlInvalid],
      ["https://usuario:senha@pix.psp.example", M.baseUrlInvalid],
      ["ftp://pix.psp.example/api", M.baseUrlNotHttps],
      ["http://10.0.0.7/api", M.baseUrlPrivate],
      ["https://169.254.169.254/latest", M.baseUrlPrivate],
      ["https://psp.internal/api", M.baseUrlPrivate],
    ];
    for (const [BaseUrl, message] of cases) {
      expectRefusal(await api.post("/company/integration", await pixBody({ BaseUrl })), message, BaseUrl);
    }
  });

  it("in production only https on a public host", async () => {
    const production = { ENVIRONMENT: "production" };
    const cases: [string, string][] = [
      ["http://pix.psp.example/api", M.baseUrlNotHttps],
      ["http://127.0.0.1:9/psp", M.baseUrlNotHttps],
      ["https://127.0.0.1/psp", M.baseUrlPrivate],
      ["https://localhost/psp", M.baseUrlPrivate],
      ["https://[::1]/psp", M.baseUrlPrivate],
    ];
    for (const [BaseUrl, message] of cases) {
      const response = await callWithEnv(
        production,
        token,
        "POST",
        "/company/integration",
        await pixBody({ BaseUrl }),
      );
      expectRefusal(response, message, BaseUrl);
    }
    const accepted = await callWithEnv(
      production,
      token,
      "POST",
      "/company/integration",
      await pixBody({ BaseUrl: "https://pix.api.efipay.com.br" }),
    );
    expect(itemOf(accepted)).toMatchObject({ BaseUrl: "https://pix.api.efipay.com.br", State: "Ok" });
    // the loopback address is accepted in development
    expect(
      itemOf(await api.post("/company/integration", await pixBody({ BaseUrl: "http://127.0.0.1:9/psp" })))
        .State,
    ).toBe("Ok");
  });

  it("a Pix key DICT would not accept", async () => {
    for (const PixKey of [
      "123.456.789-09",
      "12345678900",
      "11222333000180",
      "11987654321",
      "+5511987",
      "+1415555263",
      "Pix@Empresa.com.br",
      "pix empresa@x.com",
      "7D9F0335-8DCC-4054-9BF9-0DBD61D36906",
    ]) {
      expectRefusal(
        await api.post("/company/integration", await pixBody({ PixKey })),
        M.pixKeyInvalid,
        PixKey,
      );
    }
    for (const PixKey of [
      "52998224725",
      "11222333000181",
      "+5511987654321",
      "+551132654321",
      "pix@empresa.com.br",
      EVP_KEY,
    ]) {
      expect(itemOf(await api.post("/company/integration", await pixBody({ PixKey }))).PixKey).toBe(PixKey);
    }
  });

  it("a certificate binding name that is not an identifier", async () => {
    for (const MtlsCertificate of ["pix-cert", "1CERT", "CERT ACME"]) {
      expectRefusal(
        await api.post("/company/integration", await pixBody({ MtlsCertificate })),
        M.mtlsCertificateInvalid,
      );
    }
  });

  it("credentials when the Worker has no credentials key", async () => {
    const response = await callWithEnv(
      { HUB_CREDENTIALS_KEY: undefined },
      token,
      "POST",
      "/company/integration",
      await pixBody(),
    );
    expectRefusal(response, PIX_CONNECTION_MESSAGES.noCipherKey);
  });

  it("credentials without ClientId or ClientSecret name the field and never echo the secret", async () => {
    for (const Credentials of [
      { ClientId: CLIENT_ID },
      { ClientSecret: CLIENT_SECRET },
      { ClientId: "", ClientSecret: CLIENT_SECRET },
    ]) {
      const response = await api.post("/company/integration", await pixBody({ Credentials }));
      expect(response.status).toBe(400);
      expect((response.body as unknown as { errorMessage: string }).errorMessage).toMatch(
        /ClientId|ClientSecret/,
      );
      expectNoSecrets([JSON.stringify(response.body)], [CLIENT_SECRET]);
    }
  });
});
