import { describe, expect, it } from "vitest";
import { feedHealth } from "../../../src/adapters/openfinance/mapping";
import { PluggyApi, type PluggyOptions } from "../../../src/adapters/openfinance/pluggy-api";
import type { FeedResult } from "../../../src/adapters/openfinance/types";
import {
  parseWebhook,
  verifyWebhookSecret,
  WEBHOOK_SECRET_HEADER,
} from "../../../src/adapters/openfinance/webhook";
import { pluggyDouble } from "../../support/pluggy-double";
import { eventually, receiver } from "../../support/webhook-receiver";

const CLIENT_ID = "0b6f6f1c-2f4e-4d0a-9a55-3c1e7d1b2a10";
const CLIENT_SECRET = "8c2d4e6f-sec-Vb8Nk3Hp6Jd1Fy5";
const ITEM = "item-4f1c";
const ACCOUNT = "acc-9e2b";

let appCount = 0;
/** A Pluggy application of its own on the double, an item with one account, and the adapter. */
async function setup(
  options: Partial<PluggyOptions> = {},
  settings: { pageSize?: number; apiKeyTtlSeconds?: number } = {},
) {
  const name = `of${++appCount}-${Date.now()}`;
  const pluggy = await pluggyDouble(name, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...settings });
  await pluggy.item(ITEM);
  await pluggy.accounts([
    {
      id: ACCOUNT,
      itemId: ITEM,
      type: "BANK",
      subtype: "CHECKING_ACCOUNT",
      number: "0001/12345-0",
      name: "Conta Corrente",
      marketingName: null,
      owner: "Loja Exemplo Ltda",
      taxNumber: "12345678000195",
      balance: 1520.35,
      currencyCode: "BRL",
      bankData: { transferNumber: "0001/12345-0", closingBalance: 1520.35 },
      creditData: null,
    },
  ]);
  const api = new PluggyApi({
    baseUrl: pluggy.baseUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    ...options,
  });
  return { name, pluggy, api };
}

/** A transaction as Pluggy's API writes it; `date` a São Paulo day (stored at its midnight, 03:00Z). */
const tx = (n: number, day: string, extra: Record<string, unknown> = {}) => ({
  id: `tx-${String(n).padStart(4, "0")}`,
  accountId: ACCOUNT,
  date: `${day}T03:00:00.000Z`,
  description: `MOVIMENTO ${n}`,
  type: n % 2 === 0 ? "DEBIT" : "CREDIT",
  amount: n % 2 === 0 ? -(n + 0.5) : n + 0.25,
  currencyCode: "BRL",
  status: "POSTED",
  providerId: `OF-${n}`,
  ...extra,
});

function ok<T>(result: FeedResult<T>): T {
  if (!result.ok) throw new Error(`expected a value: ${result.reason}`);
  return result.value;
}
function failed<T>(result: FeedResult<T>) {
  if (result.ok) throw new Error("expected a failure");
  return result;
}

describe("Pluggy adapter against the double", () => {
  it("gets an API key from the client credentials and reuses it for the item, its consents and accounts", async () => {
    const { pluggy, api } = await setup();
    await pluggy.consents(ITEM, [
      {
        id: "c1",
        itemId: ITEM,
        products: ["ACCOUNTS", "TRANSACTIONS"],
        openFinancePermissionsGranted: [],
        createdAt: "2026-11-01T00:00:00.000Z",
        expiresAt: "2027-11-01T00:00:00.000Z",
        revokedAt: null,
      },
    ]);
    expect(ok(await api.getItem(ITEM))).toMatchObject({
      id: ITEM,
      status: "UPDATED",
      executionStatus: "SUCCESS",
      institution: "Banco Double Open Finance",
      consentExpiresAt: "2027-11-01T00:00:00.000Z",
    });
    expect(ok(await api.listConsents(ITEM))).toEqual([
      {
        id: "c1",
        itemId: ITEM,
        createdAt: "2026-11-01T00:00:00.000Z",
        expiresAt: "2027-11-01T00:00:00.000Z",
        revokedAt: null,
      },
    ]);
    expect(ok(await api.listAccounts(ITEM))).toEqual([
      {
        id: ACCOUNT,
        itemId: ITEM,
        type: "BANK",
        subtype: "CHECKING_ACCOUNT",
        number: "0001/12345-0",
        name: "Conta Corrente",
        currency: "BRL",
        balanceCents: 152035,
        transferNumber: "0001/12345-0",
        ownerDocument: "12345678000195",
      },
    ]);
    const [auth, ...calls] = await pluggy.requests();
    expect(auth).toMatchObject({ method: "POST", path: "/auth" });
    expect(JSON.parse(auth!.body)).toEqual({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /items/item-4f1c",
      "GET /consents",
      "GET /accounts",
    ]);
    expect(calls[2]!.query).toEqual({ itemId: ITEM, page: "1" });
    const key = calls[0]!.headers["x-api-key"];
    expect(key).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(calls.every((c) => c.headers["x-api-key"] === key)).toBe(true);
    expect(await pluggy.keys()).toEqual({ requested: 1, issued: 1, refused: 0 });
  });

  it("reads a window through every cursor page, each row in cents and São Paulo dates, refusing what cannot be read exactly", async () => {
    const { pluggy, api } = await setup({}, { pageSize: 2 });
    await pluggy.addTransactions([
      tx(1, "2026-11-20"),
      tx(2, "2026-11-21"),
      tx(3, "2026-11-22", { currencyCode: "USD" }),
      tx(4, "2026-11-23", { amount: -4.505 }),
      tx(5, "2026-11-24"),
      tx(6, "2026-11-30"), // outside the window
    ]);
    const sweep = ok(await api.transactions({ accountId: ACCOUNT, from: "2026-11-20", to: "2026-11-29" }));
    expect(sweep.transactions.map((t) => [t.id, t.date, t.amountCents, t.status])).toEqual([
      ["tx-0001", "2026-11-20", 125, "POSTED"],
      ["tx-0002", "2026-11-21", -250, "POSTED"],
      ["tx-0005", "2026-11-24", 525, "POSTED"],
    ]);
    expect(sweep.refused).toEqual([
      { id: "tx-0003", kind: "currency", reason: "transação tx-0003: moeda USD não aceita: só BRL" },
      {
        id: "tx-0004",
        kind: "amount",
        reason: "transação tx-0004: valor -4.505 com mais de duas casas decimais",
      },
    ]);
    expect(sweep).toMatchObject({ pages: 3, duplicates: 0 });
    const pages = (await pluggy.requests()).filter((r) => r.path === "/v2/transactions");
    expect(pages.map((p) => p.query)).toEqual([
      { accountId: ACCOUNT, dateFrom: "2026-11-20", dateTo: "2026-11-29" },
      { accountId: ACCOUNT, dateFrom: "2026-11-20", dateTo: "2026-11-29", after: expect.any(String) },
      { accountId: ACCOUNT, dateFrom: "2026-11-20", dateTo: "2026-11-29", after: expect.any(String) },
    ]);
    expect(pages[1]!.query.after).not.toBe(pages[2]!.query.after);
  });

  it("sees a pending movement post on another date under the same id, read back by its ids", async () => {
    const { pluggy, api } = await setup();
    await pluggy.addTransactions([tx(7, "2026-11-28", { status: "PENDING" })]);
    const before = ok(await api.transactions({ accountId: ACCOUNT, from: "2026-11-22", to: "2026-11-30" }));
    expect(before.transactions).toMatchObject([
      { id: "tx-0007", status: "PENDING", date: "2026-11-28", amountCents: 725 },
    ]);
    await pluggy.post("tx-0007", { date: "2026-11-30T03:00:00.000Z" });
    const after = ok(await api.transactions({ accountId: ACCOUNT, ids: ["tx-0007"] }));
    expect(after.transactions).toMatchObject([
      { id: "tx-0007", status: "POSTED", date: "2026-11-30", amountCents: 725 },
    ]);
    expect((await pluggy.requests()).at(-1)!.query).toEqual({ accountId: ACCOUNT, ids: "tx-0007" });
  });

  it("sees a deletion plus a creation with a new id, found again by createdAtFrom", async () => {
    const { pluggy, api } = await setup();
    await pluggy.addTransactions([tx(9, "2026-11-27")]);
    const { transaction } = await pluggy.recreate("tx-0009", {
      id: "tx-renamed",
      date: "2026-11-28T03:00:00.000Z",
    });
    const window = ok(await api.transactions({ accountId: ACCOUNT, from: "2026-11-23", to: "2026-11-29" }));
    expect(window.transactions.map((t) => [t.id, t.date, t.amountCents, t.description])).toEqual([
      ["tx-renamed", "2026-11-28", 925, "MOVIMENTO 9"],
    ]);
    const created = ok(
      await api.transactions({
        accountId: ACCOUNT,
        createdAtFrom: (transaction as unknown as { createdAt: string }).createdAt,
      }),
    );
    expect(created.transactions.map((t) => t.id)).toEqual(["tx-renamed"]);
  });

  it("keeps a row answered twice once and counts it", async () => {
    const { pluggy, api } = await setup({}, { pageSize: 2 });
    await pluggy.addTransactions([tx(1, "2026-11-25"), tx(2, "2026-11-26"), tx(3, "2026-11-27")]);
    await pluggy.duplicates(["tx-0002"]);
    const sweep = ok(await api.transactions({ accountId: ACCOUNT, from: "2026-11-23", to: "2026-11-29" }));
    expect(sweep.transactions.map((t) => t.id)).toEqual(["tx-0001", "tx-0002", "tx-0003"]);
    expect(sweep.duplicates).toBe(1);
  });

  it("shows a revoked consent and a login error as item states with what the user must do", async () => {
    const { pluggy, api } = await setup();
    await pluggy.consents(ITEM, [
      {
        id: "c1",
        itemId: ITEM,
        products: [],
        openFinancePermissionsGranted: [],
        createdAt: "2026-11-01T00:00:00.000Z",
        expiresAt: "2027-11-01T00:00:00.000Z",
        revokedAt: null,
      },
    ]);
    const now = Date.now() + 1000;
    expect(feedHealth(ok(await api.getItem(ITEM)), ok(await api.listConsents(ITEM)), now).state).toBe("ok");
    await pluggy.revokeConsent(ITEM);
    const revoked = feedHealth(ok(await api.getItem(ITEM)), ok(await api.listConsents(ITEM)), now);
    expect(revoked).toMatchObject({ state: "consent_revoked", readable: false });
    expect(revoked.action).toMatch(/novo consentimento/);

    await pluggy.consents(ITEM, []);
    await pluggy.loginError(ITEM);
    const item = ok(await api.getItem(ITEM));
    expect(item).toMatchObject({
      status: "LOGIN_ERROR",
      executionStatus: "INVALID_CREDENTIALS",
      error: { code: "INVALID_CREDENTIALS" },
    });
    expect(feedHealth(item, [], now)).toMatchObject({ state: "login_error", readable: false });
  });

  it("asks for an item update with PATCH /items/{id}: UPDATING, then UPDATED", async () => {
    const { pluggy, api } = await setup();
    expect(ok(await api.requestUpdate(ITEM))).toMatchObject({ id: ITEM, status: "UPDATING" });
    expect(ok(await api.getItem(ITEM))).toMatchObject({ status: "UPDATED", executionStatus: "SUCCESS" });
    const patch = (await pluggy.requests()).find((r) => r.method === "PATCH");
    expect(patch).toMatchObject({ path: `/items/${ITEM}`, body: "{}" });
    expect(patch!.headers["content-type"]).toBe("application/json");
  });

  it("renews an expired API key once on 401 and sends the call again", async () => {
    const { pluggy, api } = await setup();
    ok(await api.getItem(ITEM));
    await pluggy.faults([{ mode: "expire-key" }]);
    expect(ok(await api.getItem(ITEM)).id).toBe(ITEM);
    expect(await pluggy.keys()).toEqual({ requested: 2, issued: 2, refused: 1 });
  });

  it("calls made at once share one API key, and one renewal when the key is refused to all of them", async () => {
    const { pluggy, api } = await setup();
    await pluggy.addTransactions([tx(1, "2026-11-25")]);
    const window = { accountId: ACCOUNT, from: "2026-11-20", to: "2026-11-29" };
    const [item, consents, page] = await Promise.all([
      api.getItem(ITEM),
      api.listConsents(ITEM),
      api.transactionPage(window),
    ]);
    expect([item.ok, consents.ok, page.ok]).toEqual([true, true, true]);
    expect(await pluggy.keys()).toEqual({ requested: 1, issued: 1, refused: 0 });
    // the key expires: the three calls are refused, one new key serves them all
    await pluggy.faults([{ mode: "expire-key" }]);
    const again = await Promise.all([api.getItem(ITEM), api.listConsents(ITEM), api.transactionPage(window)]);
    expect(again.map((r) => r.ok)).toEqual([true, true, true]);
    expect(await pluggy.keys()).toEqual({ requested: 2, issued: 2, refused: 3 });
  });

  it("continues a sweep from a first page already asked", async () => {
    const { pluggy, api } = await setup({}, { pageSize: 1 });
    await pluggy.addTransactions([tx(1, "2026-11-25"), tx(2, "2026-11-26"), tx(3, "2026-11-27")]);
    const window = { accountId: ACCOUNT, from: "2026-11-20", to: "2026-11-29" };
    const first = await api.transactionPage(window);
    const sweep = ok(await api.transactions(window, first));
    expect(sweep.transactions).toHaveLength(3);
    expect(sweep.pages).toBe(3);
    // the first page is not asked again
    expect((await pluggy.requests()).filter((r) => r.path === "/v2/transactions")).toHaveLength(3);
  });

  it("gives up after one renewal when the fresh key is refused too: no loop", async () => {
    const { pluggy, api } = await setup();
    await pluggy.faults([{ mode: "401" }, { mode: "401" }, { mode: "401" }]);
    const result = failed(await api.getItem(ITEM));
    expect(result.failure).toEqual({ kind: "api_key_refused", status: 401 });
    const calls = await pluggy.requests();
    expect(calls.map((c) => c.path)).toEqual(["/auth", "/items/item-4f1c", "/auth", "/items/item-4f1c"]);
  });

  it("renews the key shortly before it expires, without waiting for a 401", async () => {
    let offset = 0;
    const { pluggy, api } = await setup({ now: () => Date.now() + offset });
    ok(await api.getItem(ITEM));
    offset = 2 * 3600_000 - 4 * 60_000; // 4 minutes before the 2 hours end
    ok(await api.getItem(ITEM));
    expect(await pluggy.keys()).toEqual({ requested: 2, issued: 2, refused: 0 });
  });

  it("shares one API key through the integration's store: a second instance does not ask for another", async () => {
    const { pluggy } = await setup();
    let stored: { value: string; renewAt: number } | null = null;
    const store = {
      read: async () => stored,
      write: async (key: { value: string; renewAt: number }) => {
        stored = key;
      },
    };
    const first = new PluggyApi({
      baseUrl: pluggy.baseUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      apiKeyStore: store,
    });
    ok(await first.getItem(ITEM));
    expect(stored!.renewAt).toBeGreaterThan(Date.now() + 3600_000);
    const second = new PluggyApi({
      baseUrl: pluggy.baseUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      apiKeyStore: store,
    });
    ok(await second.getItem(ITEM));
    expect(await pluggy.keys()).toEqual({ requested: 1, issued: 1, refused: 0 });
  });

  it("reports refused client credentials without calling the API", async () => {
    const { pluggy } = await setup();
    const api = new PluggyApi({ baseUrl: pluggy.baseUrl, clientId: CLIENT_ID, clientSecret: "wrong" });
    const result = failed(await api.getItem(ITEM));
    expect(result.failure).toEqual({
      kind: "credentials_refused",
      status: 401,
      code: "CLIENT_KEYS_UNAUTHORIZED",
    });
    expect(result.reason).not.toContain("wrong");
    expect((await pluggy.requests()).map((c) => c.path)).toEqual(["/auth"]);
  });

  it("turns a 429 into a typed back-off with its time, once, never a retry loop", async () => {
    const { pluggy, api } = await setup();
    await pluggy.faults([{ on: "transactions", mode: "429", retryAfter: "60", rateLimitReset: "12" }]);
    const before = Date.now();
    const result = failed(
      await api.transactions({ accountId: ACCOUNT, from: "2026-11-01", to: "2026-11-29" }),
    );
    expect(result.failure).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 12 });
    const { retryAt } = result.failure as { retryAt: number };
    expect(retryAt).toBeGreaterThanOrEqual(before + 12_000);
    expect(retryAt).toBeLessThan(Date.now() + 13_000);
    expect((await pluggy.requests()).filter((r) => r.path === "/v2/transactions")).toHaveLength(1);

    await pluggy.faults([{ mode: "429", retryAfter: "30" }]);
    expect(failed(await api.getItem(ITEM)).failure).toMatchObject({
      kind: "rate_limited",
      retryAfterSeconds: 30,
    });
  });

  it.each([
    ["500", { kind: "unavailable", status: 500, code: null }],
    ["503", { kind: "unavailable", status: 503, code: null }],
    ["garbage", { kind: "invalid_answer", detail: "resposta não é JSON" }],
    ["wrong-shape", { kind: "invalid_answer", detail: "página de transações fora do formato" }],
    ["huge", { kind: "too_large", maxBytes: 4 * 1024 * 1024 }],
    ["repeat-cursor", { kind: "invalid_answer", detail: "cursor repetido na paginação" }],
  ] as const)("maps %s on a transactions page to a typed failure", async (mode, failure) => {
    const { pluggy, api } = await setup({}, { pageSize: 1 });
    await pluggy.addTransactions([tx(1, "2026-11-25"), tx(2, "2026-11-26"), tx(3, "2026-11-27")]);
    // the first page is answered; the fault meets the second (or, for repeat-cursor, the third)
    await pluggy.faults([
      { on: "transactions", mode: "pass" },
      { on: "transactions", mode },
    ]);
    expect(
      failed(await api.transactions({ accountId: ACCOUNT, from: "2026-11-20", to: "2026-11-29" })).failure,
    ).toEqual(failure);
  });

  it("gives up on a stalled answer after its timeout", async () => {
    const { pluggy, api } = await setup({ timeoutMs: 1500 });
    await pluggy.faults([{ mode: "stall" }]);
    const started = Date.now();
    const result = failed(await api.getItem(ITEM));
    expect(result.failure).toEqual({ kind: "timeout", timeoutMs: 1500 });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("refuses a redirect: the API key never reaches the address it names", async () => {
    const { pluggy, api } = await setup();
    await pluggy.faults([{ mode: "redirect" }]);
    expect(failed(await api.getItem(ITEM)).failure).toEqual({ kind: "redirect", status: 302 });
    expect(await pluggy.movedRequests()).toEqual([]);
  });

  it("stops at its page bound", async () => {
    const { pluggy, api } = await setup({ maxPages: 2 }, { pageSize: 1 });
    await pluggy.addTransactions([tx(1, "2026-11-25"), tx(2, "2026-11-26"), tx(3, "2026-11-27")]);
    expect(
      failed(await api.transactions({ accountId: ACCOUNT, from: "2026-11-20", to: "2026-11-29" })).failure,
    ).toEqual({
      kind: "too_many_pages",
      pages: 2,
    });
  });

  it("answers an unknown item as not found, and refuses a plain-http address in production before sending", async () => {
    const { pluggy, api } = await setup();
    expect(failed(await api.getItem("nope")).failure).toMatchObject({ kind: "not_found", status: 404 });
    const production = new PluggyApi({
      baseUrl: pluggy.baseUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      production: true,
    });
    expect(failed(await production.getItem(ITEM)).failure.kind).toBe("address");
    expect((await pluggy.requests()).filter((r) => r.path === "/auth")).toHaveLength(1);
  });
});

describe("Pluggy's notifications, authenticated by the header of the webhook's creation", () => {
  const SECRET = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906-webhook";

  it("creates the webhook with its secret header; every notification carries it and reads as the event", async () => {
    const { name, pluggy, api } = await setup();
    const hook = receiver(`pluggy-${name}`);
    await hook.configure({});
    ok(
      await api.createWebhook({ event: "all", url: hook.url, headers: { [WEBHOOK_SECRET_HEADER]: SECRET } }),
    );

    await pluggy.addTransactions([tx(7, "2026-11-28", { status: "PENDING" })]);
    await pluggy.post("tx-0007", { date: "2026-11-30T03:00:00.000Z" });
    await pluggy.recreate("tx-0007", { id: "tx-0007b" });
    await pluggy.loginError(ITEM);
    const received = await eventually(async () => {
      const all = await hook.received();
      return all.length >= 5 && all;
    });
    const events = received.map((delivery) => {
      expect(verifyWebhookSecret(delivery.headers, [SECRET])).toEqual({ ok: true });
      const parsed = parseWebhook(delivery.body, { clientId: CLIENT_ID });
      if (!parsed.ok) throw new Error(parsed.reason);
      return parsed.event;
    });
    expect(events.map((e) => ("event" in e ? e.event : e.kind))).toEqual([
      "transactions_created",
      "transactions/updated",
      "transactions/deleted",
      "transactions_created",
      "item/error",
    ]);
    expect(events[1]).toMatchObject({ itemId: ITEM, accountId: ACCOUNT, transactionIds: ["tx-0007"] });
    expect(events[4]).toMatchObject({ itemId: ITEM, error: { code: "INVALID_CREDENTIALS" } });
    expect(new Set(events.map((e) => e.eventId)).size).toBe(5);
    // the secret travels once, in the webhook's creation (`POST /webhooks` `headers`)
    expect((await pluggy.requests()).find((r) => r.path === "/webhooks")?.body).toContain(SECRET);
  });

  it("a replayed notification carries the same eventId; one with another secret does not verify", async () => {
    const { name, pluggy, api } = await setup();
    const hook = receiver(`pluggy-replay-${name}`);
    await hook.configure({});
    ok(
      await api.createWebhook({
        event: "item/updated",
        url: hook.url,
        headers: { [WEBHOOK_SECRET_HEADER]: "another-secret" },
      }),
    );
    await pluggy.notify({ event: "item/updated", eventId: "ev-fixed", itemId: ITEM });
    await pluggy.notify({ event: "item/updated", eventId: "ev-fixed", itemId: ITEM });
    const received = await eventually(async () => {
      const all = await hook.received();
      return all.length >= 2 && all;
    });
    expect(received.map((d) => verifyWebhookSecret(d.headers, [SECRET]))).toEqual([
      { ok: false, reason: "mismatch" },
      { ok: false, reason: "mismatch" },
    ]);
    const ids = received.map((d) => {
      const parsed = parseWebhook(d.body);
      return parsed.ok ? parsed.event.eventId : parsed.reason;
    });
    expect(ids).toEqual(["ev-fixed", "ev-fixed"]);
  });
});
