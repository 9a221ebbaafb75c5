import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { bankAccounts } from "../../../drizzle/schema";
import { PIX_INBOX_MESSAGES } from "../../../src/domain/pix/inbox-messages";
import { UNAUTHORIZED } from "../../../src/lib/errors";
import { call, errorBody, signIn } from "../../support/api";
import { changedTables, snapshot } from "../../support/invariants";
import {
  linesOf,
  newTxId,
  pixIntegrationWithPsp,
  pixJson,
  receivable,
  titleRow,
  titlesWithTxId,
} from "../../support/pix-inbox-factories";
import { type AccountName, seedAccounts } from "../../support/seed";
import { dbOf } from "../../support/upload-factories";

/**
 * The PSP's callback `POST /pix/webhook/{secret}/pix`: authenticated by the secret of the path alone
 * (no token), refused whole when the secret or the body is wrong, and never able to write into
 * another company or account than the integration's.
 */

beforeAll(seedAccounts);

const webhook = (secret: string, body: unknown, account: AccountName = "demo") =>
  call(account, "POST", `/1.0/pix/webhook/${encodeURIComponent(secret)}/pix`, {
    ...(typeof body === "string"
      ? { rawBody: body, headers: { "Content-Type": "application/json" } }
      : { body }),
  });

describe("the webhook's secret", () => {
  it("a right secret, with no token, stores the callback's Pix on the integration's account", async () => {
    const setup = await pixIntegrationWithPsp();
    const pix = pixJson({ cents: 4_990, payer: { cpf: "12345678909", nome: "Maria Souza" } });
    const answer = await webhook(setup.secret, { pix: [pix] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      Received: 1,
      Imported: 1,
      Duplicate: 0,
      SettledByTxId: 0,
      SettledByDocument: 0,
      Pending: 1,
    });
    const [line, ...rest] = await linesOf(setup);
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      companyId: 1,
      value: 4_990,
      description: "Pix recebido Maria Souza",
      dedupeKey: `e2e:${pix.endToEndId}`,
      endToEndId: pix.endToEndId,
      txId: null,
      payerDocument: "12345678909",
      payerName: "Maria Souza",
      statusId: 1,
      reconciledValue: 0,
      jobId: null,
    });
  });

  it("a wrong or unknown secret is a 401 that writes nothing, whatever the body", async () => {
    const setup = await pixIntegrationWithPsp();
    const before = await snapshot(env.DB_DEMO);
    for (const [secret, body] of [
      [`${setup.secret}x`, { pix: [pixJson({ cents: 100 })] }],
      ["segredo-qualquer", { pix: [pixJson({ cents: 100 })] }],
      [setup.secret.toUpperCase(), { pix: [pixJson({ cents: 100 })] }],
      ["nope", "{não é json"],
    ] as const) {
      const answer = await webhook(secret, body);
      expect(answer.status, secret).toBe(401);
      expect(errorBody(answer).errorMessage).toBe(UNAUTHORIZED);
    }
    expect(changedTables(before, await snapshot(env.DB_DEMO))).toEqual([]);
  });

  it("the secret of an inactive integration is refused", async () => {
    const setup = await pixIntegrationWithPsp({ active: false });
    const answer = await webhook(setup.secret, { pix: [pixJson({ cents: 100 })] });
    expect(answer.status).toBe(401);
    expect(await linesOf(setup)).toEqual([]);
  });

  it("is never written to the logs, the request line included", async () => {
    const lines: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      }),
    );
    try {
      const setup = await pixIntegrationWithPsp();
      expect((await webhook(setup.secret, { pix: [pixJson({ cents: 100 })] })).status).toBe(200);
      expect((await webhook(`${setup.secret}-errado`, { pix: [] })).status).toBe(401);
      expect((await webhook(setup.secret, { pix: "x" })).status).toBe(400);
      expect(lines.some((line) => line.includes("/pix/webhook/[redacted]/pix"))).toBe(true);
      for (const line of lines) expect(line).not.toContain(setup.secret);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

/** The header form: `POST /pix/webhook/pix` with the secret in `Authorization`. */
const webhookWithHeader = (authorization: string | null, body: unknown, account: AccountName = "demo") =>
  call(account, "POST", "/1.0/pix/webhook/pix", {
    body,
    ...(authorization === null ? {} : { headers: { Authorization: authorization } }),
  });

const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;

describe("the webhook's secret in an Authorization header (the path form leaves it in request logs)", () => {
  it("Bearer <secret> or Basic with the secret as password stores the callback's Pix", async () => {
    const setup = await pixIntegrationWithPsp();
    const first = pixJson({ cents: 1_234 });
    const bearer = await webhookWithHeader(`Bearer ${setup.secret}`, { pix: [first] });
    expect(bearer.status, JSON.stringify(bearer.body)).toBe(200);
    expect(bearer.body).toMatchObject({ Received: 1, Imported: 1 });
    const second = pixJson({ cents: 2_345 });
    const basicAnswer = await webhookWithHeader(basic("psp", setup.secret), { pix: [second] });
    expect(basicAnswer.status, JSON.stringify(basicAnswer.body)).toBe(200);
    expect(basicAnswer.body).toMatchObject({ Received: 1, Imported: 1 });
    expect((await linesOf(setup)).map((line) => line.endToEndId)).toEqual([
      first.endToEndId,
      second.endToEndId,
    ]);
  });

  it("a wrong, missing or misplaced header secret is a 401 that writes nothing", async () => {
    const setup = await pixIntegrationWithPsp();
    const before = await snapshot(env.DB_DEMO);
    for (const header of [
      null,
      "",
      `Bearer ${setup.secret}x`,
      `Bearer ${setup.secret.toUpperCase()}`,
      `JWT ${setup.secret}`,
      setup.secret,
      basic("psp", `${setup.secret}x`),
      basic(setup.secret, ""),
      `Basic ${setup.secret}`,
      "Basic %%%",
    ]) {
      const answer = await webhookWithHeader(header, { pix: [pixJson({ cents: 100 })] });
      expect(answer.status, String(header)).toBe(401);
      expect(errorBody(answer).errorMessage).toBe(UNAUTHORIZED);
    }
    expect(changedTables(before, await snapshot(env.DB_DEMO))).toEqual([]);
  });

  it("a rotated secret stops working in the header too", async () => {
    const setup = await pixIntegrationWithPsp();
    const token = await signIn("demo", "admin@demo.local");
    const rotated = await call(
      "demo",
      "POST",
      `/1.0/company/integration/${setup.integrationId}/pix/webhook-secret`,
      {
        token,
      },
    );
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const url = String((rotated.body as { WebhookUrl: string }[])[0]!.WebhookUrl);
    const secret = url.slice(url.lastIndexOf("/") + 1);
    expect((await webhookWithHeader(`Bearer ${setup.secret}`, { pix: [] })).status).toBe(401);
    expect((await webhookWithHeader(`Bearer ${secret}`, { pix: [] })).status).toBe(200);
  });

  it("the header is never written to the logs", async () => {
    const lines: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      }),
    );
    try {
      const setup = await pixIntegrationWithPsp();
      expect((await webhookWithHeader(`Bearer ${setup.secret}`, { pix: [] })).status).toBe(200);
      expect((await webhookWithHeader(basic("psp", setup.secret), { pix: "x" })).status).toBe(400);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).not.toContain(setup.secret);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe("the callback's body", () => {
  let setup: Awaited<ReturnType<typeof pixIntegrationWithPsp>>;
  beforeEach(async () => {
    setup = await pixIntegrationWithPsp();
  });

  it("is refused whole (400, nothing written) when it is not the API's", async () => {
    const good = pixJson({ cents: 100 });
    const cases: [unknown, string | null][] = [
      ["{não é json", null],
      [{}, null],
      [{ pix: "x" }, null],
      [
        { pix: [good, { ...pixJson({ cents: 200 }), endToEndId: "curto" }] },
        "campo pix.1.endToEndId inválido",
      ],
      [{ pix: [{ ...good, valor: "1,00" }] }, "campo pix.0.valor inválido"],
      [{ pix: [{ ...good, valor: "10.5" }] }, "campo pix.0.valor inválido"],
      [{ pix: [{ ...good, horario: "ontem" }] }, "campo pix.0.horario inválido"],
      [{ pix: [{ ...good, txid: "tx-com-hífen" }] }, "campo pix.0.txid inválido"],
    ];
    const before = await snapshot(env.DB_DEMO);
    for (const [body, detail] of cases) {
      const answer = await webhook(setup.secret, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (detail) expect(errorBody(answer).errorMessage).toBe(PIX_INBOX_MESSAGES.invalidCallback(detail));
      else expect(errorBody(answer).errorMessage).toEqual(expect.any(String));
    }
    expect(changedTables(before, await snapshot(env.DB_DEMO))).toEqual([]);
  });

  it("fields the API adds (a refund, the key, the value's parts) are read past; refunds book nothing", async () => {
    const pix = {
      ...pixJson({ cents: 2_000 }),
      chave: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
      componentesValor: { original: { valor: "20.00" } },
      devolucoes: [
        {
          id: "D1",
          rtrId: "D12345678202611251200abcdefghijk",
          valor: "5.00",
          horario: { solicitacao: "2026-11-25T13:00:00.000Z" },
          status: "DEVOLVIDO",
        },
      ],
    };
    const answer = await webhook(setup.secret, { pix: [pix], outroCampo: 1 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ Imported: 1 });
    expect(await linesOf(setup)).toEqual([
      expect.objectContaining({ value: 2_000, endToEndId: pix.endToEndId }),
    ]);
    // the refund's callback repeats the Pix: still one line, still its full value
    expect((await webhook(setup.secret, { pix: [pix] })).body).toMatchObject({ Duplicate: 1 });
    expect(await linesOf(setup)).toHaveLength(1);
  });

  it("an empty list is answered and writes nothing", async () => {
    const answer = await webhook(setup.secret, { pix: [] });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ Received: 0, Imported: 0 });
    expect(await linesOf(setup)).toEqual([]);
  });

  it("the same Pix in two callbacks, or twice in one, is one line", async () => {
    const pix = pixJson({ cents: 1_234 });
    const first = await webhook(setup.secret, { pix: [pix, pix] });
    expect(first.body).toMatchObject({ Received: 1, Imported: 1, Duplicate: 0 });
    const again = await webhook(setup.secret, { pix: [pix] });
    expect(again.body).toMatchObject({ Received: 1, Imported: 0, Duplicate: 1 });
    const [a, b] = await Promise.all([
      webhook(setup.secret, { pix: [pix] }),
      webhook(setup.secret, { pix: [pix] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await linesOf(setup)).toHaveLength(1);
  });
});

describe("the integration's account", () => {
  it("inactive: the callback is refused (400) and nothing is written", async () => {
    const setup = await pixIntegrationWithPsp();
    await dbOf().update(bankAccounts).set({ status: 0 }).where(eq(bankAccounts.id, setup.bankAccountId));
    const answer = await webhook(setup.secret, { pix: [pixJson({ cents: 100 })] });
    expect(answer.status).toBe(400);
    expect(errorBody(answer).errorMessage).toBe(PIX_INBOX_MESSAGES.accountInactive);
    expect(await linesOf(setup)).toEqual([]);
  });
});

describe("isolation", () => {
  it("company A's secret writes only into company A, even for a txid company B's title carries", async () => {
    const a = await pixIntegrationWithPsp({ companyId: 1 });
    const b = await pixIntegrationWithPsp({ companyId: 2 });
    const txid = newTxId();
    const titleOfB = await receivable(2, { value: 5_000, dueDate: "2026-11-30", txId: txid });
    const answer = await webhook(a.secret, { pix: [pixJson({ cents: 5_000, txid })] });
    expect(answer.body).toMatchObject({ Imported: 1, SettledByTxId: 0, Pending: 1 });
    expect(await titleRow(titleOfB)).toMatchObject({ openValue: 5_000, status: 1 });
    expect(await linesOf(b)).toEqual([]);
    const [line] = await linesOf(a);
    expect(line).toMatchObject({ companyId: 1, txId: txid, statusId: 1 });
    expect(await titlesWithTxId(1, txid)).toEqual([]);
  });

  it("a secret of the demo account is unknown on another account's host", async () => {
    const setup = await pixIntegrationWithPsp();
    const answer = await webhook(setup.secret, { pix: [pixJson({ cents: 100 })] }, "acme");
    expect(answer.status).toBe(401);
    expect(await linesOf(setup)).toEqual([]);
  });
});
