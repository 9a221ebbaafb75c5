import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../../support/api";
import { pspDouble } from "../../support/pix-psp-double";
import { unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { waitForJob } from "../../support/upload-factories";
import { CLIENT_ID, CLIENT_SECRET, EVP_KEY, newBankAccount, pixRow } from "./pix-settings-factories";

/**
 * The PSP's access token is the integration's: asked once, stored (sealed) on the integration and
 * reused by every request and job until a little before `expires_in`; concurrent callers renew it
 * once. Counted at the PSP double's token endpoint.
 */

let token: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  await seedAccounts();
  token = await signIn("demo", "admin@demo.local");
  api = client("demo", token);
});

let pspCount = 0;

async function pixSetup(tokenTtlSeconds = 3600) {
  const psp = await pspDouble(`token${++pspCount}-${Date.now()}`, {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    tokenTtlSeconds,
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
  return { psp, integrationId: created.body[0]!.IDCompanyIntegration as number };
}

async function receivable(value = 10) {
  const created = await api.post("/accounts/receivable", {
    Description: unique("Mensalidade"),
    Value: value,
    DueDate: "2026-12-10",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.IDAccountPayableReceivable as number;
}

async function charged(titleId: number, integrationId: number) {
  const response = await api.post(`/accounts/receivable/${titleId}/pix`, {
    IDCompanyIntegration: integrationId,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const apiCalls = async (psp: Awaited<ReturnType<typeof pixSetup>>["psp"]) =>
  (await psp.requests()).filter((r) => r.path !== "/oauth/token");

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the integration's access token", () => {
  it("49 calls of requests and a poll job ask the PSP for one token, concurrent callers included", async () => {
    const { psp, integrationId } = await pixSetup();
    const titleIds: number[] = [];
    for (let i = 0; i < 48; i++) titleIds.push(await receivable(10 + i));

    // 24 requests at once on an integration without a token: one renewal
    await Promise.all(titleIds.slice(0, 24).map((id) => charged(id, integrationId)));
    expect(await psp.tokens()).toMatchObject({ requested: 1 });
    // 24 more, one after the other, and a poll job
    for (const id of titleIds.slice(24)) await charged(id, integrationId);
    const poll = await api.post<{ IDJob: number }>(`/company/integration/${integrationId}/pix/poll`);
    expect(poll.status, JSON.stringify(poll.body)).toBe(200);
    expect(await waitForJob(token, poll.body.IDJob, 30_000)).toMatchObject({ Status: "Done" });

    expect(await apiCalls(psp)).toHaveLength(49);
    expect(await psp.tokens()).toEqual({ requested: 1, issued: 1, refused: 0 });
  });

  it("is stored sealed on the integration, never as the PSP wrote it", async () => {
    const { psp, integrationId } = await pixSetup();
    await charged(await receivable(), integrationId);
    const bearer = (await apiCalls(psp))[0]!.headers.authorization!.replace(/^Bearer /, "");
    const row = await pixRow(integrationId);
    expect(row!.accessToken).toMatch(/^v1\./);
    expect(row!.accessToken).not.toContain(bearer);
    expect(row!.accessTokenRenewAt).toBeGreaterThan(Date.now());
    const shown = await api.get(`/company/integration/${integrationId}`);
    expect(JSON.stringify(shown.body)).not.toContain(bearer);
  });

  it("is renewed a little before expires_in, before the PSP would refuse it", async () => {
    const { psp, integrationId } = await pixSetup(3);
    await charged(await receivable(), integrationId);
    await charged(await receivable(), integrationId);
    expect(await psp.tokens()).toMatchObject({ requested: 1 });
    // renewed at expires_in less a tenth (2.7 s of 3 s): past that, the next call asks a new one
    await pause(2_800);
    await charged(await receivable(), integrationId);
    expect(await psp.tokens()).toEqual({ requested: 2, issued: 2, refused: 0 });
  });

  it("a token the PSP revoked (401) is renewed once, and the new one serves the next requests", async () => {
    const { psp, integrationId } = await pixSetup();
    await psp.faults([{ on: "api", mode: "expire-token" }]);
    await charged(await receivable(), integrationId);
    expect(await psp.tokens()).toEqual({ requested: 2, issued: 2, refused: 1 });
    await charged(await receivable(), integrationId);
    await charged(await receivable(), integrationId);
    expect(await psp.tokens()).toEqual({ requested: 2, issued: 2, refused: 1 });
  });

  it("new credentials void the stored token: the next call asks one with them", async () => {
    const { psp, integrationId } = await pixSetup();
    await charged(await receivable(), integrationId);
    const changed = await api.put(`/company/integration/${integrationId}`, {
      Credentials: { ClientId: CLIENT_ID, ClientSecret: CLIENT_SECRET },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await pixRow(integrationId)).toMatchObject({ accessToken: null, accessTokenRenewAt: null });
    await charged(await receivable(), integrationId);
    expect(await psp.tokens()).toMatchObject({ requested: 2 });
  });
});
