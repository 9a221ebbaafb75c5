import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { log, scrub, withLogContext } from "../../src/lib/log";
import { call, fetchWorker, signIn } from "../support/api";
import { seedAccounts } from "../support/seed";
import {
  deliver,
  jobMessage,
  putFile,
  requestUploadUrl,
  seedBankAccount,
  storedJob,
  utf8,
} from "../support/upload-factories";

/**
 * The logs: one JSON object per line, each carrying the id of its request (or of its queue message
 * and job), and never a password, a token, an Authorization value or an upload signature.
 */

let lines: string[];
const spies: ReturnType<typeof vi.spyOn>[] = [];

beforeAll(seedAccounts);

beforeEach(() => {
  lines = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    spies.push(
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      }),
    );
  }
});

afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

function expectNoSecrets(secrets: string[]) {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret);
}

describe("request logs", () => {
  it("a sign-in logs neither the password nor the token, and carries the request id", async () => {
    const response = await fetchWorker(
      new Request("http://demo.localhost/1.0/user/signin/local", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ Email: "admin@demo.local", Password: "demo123" }),
      }),
    );
    const { Token } = (await response.json()) as { Token: string };
    const wrong = await call("demo", "POST", "/1.0/user/signin/local", {
      body: { Email: "admin@demo.local", Password: "senha-errada-123" },
    });
    expect(wrong.status).toBe(401);
    expectNoSecrets(["demo123", "senha-errada-123", Token, Token.split(".")[2]!]);
    const entries = parsed();
    expect(entries.map((e) => e.requestId)).toContain(response.headers.get("X-Request-Id"));
    for (const entry of entries)
      expect(entry).toMatchObject({ level: expect.any(String), requestId: expect.any(String) });
  });

  it("failing requests log no Authorization value, and a 500 logs its error under the request's id", async () => {
    const token = await signIn("demo", "admin@demo.local");
    lines.length = 0;
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await call("demo", "GET", "/1.0/company", { token: forged })).status).toBe(401);
    expect(
      (await call("demo", "GET", "/1.0/company", { headers: { Authorization: "Bearer sk_live_not_a_jwt" } }))
        .status,
    ).toBe(401);

    await env.DB_DEMO.exec(
      "CREATE TRIGGER test_log_fault BEFORE INSERT ON bank_account_history BEGIN SELECT RAISE(ABORT, 'falha simulada'); END",
    );
    let failed: Response;
    try {
      failed = await fetchWorker(
        new Request("http://demo.localhost/1.0/accounts/bank-account", {
          method: "POST",
          headers: { Authorization: `JWT ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ Bank: "Banco do Log", BankNumber: "001", Agency: "segredo-da-agencia" }),
        }),
      );
    } finally {
      await env.DB_DEMO.exec("DROP TRIGGER test_log_fault");
    }
    expect(failed.status).toBe(500);
    const requestId = failed.headers.get("X-Request-Id");
    expect(await failed.json()).toEqual({
      errorMessage: `Error: Falha interna. Código da requisição: ${requestId}`,
      code: "internal_error",
    });

    expectNoSecrets([token, forged, token.split(".")[2]!, "sk_live_not_a_jwt", "segredo-da-agencia"]);
    const entries = parsed();
    const fault = entries.find((e) => e.level === "error");
    expect(fault).toMatchObject({ message: "unhandled error", requestId, path: "/accounts/bank-account" });
    expect(String(fault!.error)).toContain("falha simulada");
    for (const entry of entries) expect(entry.requestId).toEqual(expect.any(String));
  });

  it("a line written deep in the domain carries the id of its request", async () => {
    const token = await signIn("demo", "admin@demo.local");
    const account = await seedBankAccount(1);
    // not a constraint: the rule's insert fails with a plain database error
    await env.DB_DEMO.exec(
      "CREATE TRIGGER test_log_domain BEFORE INSERT ON bank_statement_conciliation_rules BEGIN SELECT abs(-9223372036854775808); END",
    );
    let response: Response;
    try {
      lines.length = 0;
      response = await fetchWorker(
        new Request("http://demo.localhost/1.0/accounts/bank-statement/conciliation-rule", {
          method: "POST",
          headers: { Authorization: `JWT ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify({
            IDBankAccount: account,
            IDTypeRule: 1,
            IDTypeAccount: 0,
            Description: "Tarifa",
          }),
        }),
      );
    } finally {
      await env.DB_DEMO.exec("DROP TRIGGER test_log_domain");
    }
    expect(await response.json()).toEqual({ errorMessage: "Erro ao criar regra", code: "validation_failed" });
    expect(parsed().find((e) => e.message === "conciliation rule insert failed")).toMatchObject({
      level: "error",
      requestId: response.headers.get("X-Request-Id"),
    });
  });

  it("the values bound to a failing query (user data, hashes) never reach the logs", async () => {
    const token = await signIn("demo", "admin@demo.local");
    await env.DB_DEMO.exec(
      "CREATE TRIGGER test_log_query BEFORE INSERT ON brands BEGIN SELECT RAISE(ABORT, 'falha simulada'); END",
    );
    try {
      lines.length = 0;
      const response = await call("demo", "POST", "/1.0/brand", {
        token,
        body: { Name: "valor-que-nao-deve-vazar" },
      });
      expect(response.status).toBe(500);
    } finally {
      await env.DB_DEMO.exec("DROP TRIGGER test_log_query");
    }
    expect(lines.join("\n")).toContain("params: [redacted]");
    expectNoSecrets(["valor-que-nao-deve-vazar"]);
  });

  it("the signed upload URL's signature never reaches the logs", async () => {
    const token = await signIn("demo", "admin@demo.local");
    const bytes = utf8("code;name\nLOG-1;Assinado\n");
    const answer = await requestUploadUrl(token, "/sku/template", {
      FileName: "a.csv",
      ContentType: "text/csv",
      SizeBytes: bytes.byteLength,
    });
    lines.length = 0;
    expect((await putFile(answer.body, bytes)).status).toBe(200);
    const signature = new URL(answer.body.UploadUrl).searchParams.get("signature")!;
    expectNoSecrets([signature]);
  });
});

describe("queue consumer logs", () => {
  it("every line carries the message id, and the job's id once the message is read", async () => {
    const jobId = await storedJob(utf8("sem cabeçalho válido\n"), { type: "SkuTemplate" });
    await deliver([
      { body: { type: "Nada", account: "demo", jobId } },
      { body: { type: "SkuTemplate", account: "demo", jobId: 999_999 } },
    ]);
    await env.DB_DEMO.exec(
      "CREATE TRIGGER test_log_job BEFORE UPDATE OF status ON jobs WHEN NEW.status IN ('Done', 'Failed') BEGIN SELECT RAISE(ABORT, 'falha simulada'); END",
    );
    try {
      await deliver([{ body: jobMessage(jobId), attempts: 1 }]);
    } finally {
      await env.DB_DEMO.exec("DROP TRIGGER test_log_job");
    }
    const entries = parsed();
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const entry of entries) expect(entry.messageId, JSON.stringify(entry)).toEqual(expect.any(String));
    expect(entries.find((e) => e.message === "job message without its job dropped")).toMatchObject({
      jobId: 999_999,
    });
    expect(
      entries.find((e) => e.message === "job message not processed" || e.message === "job attempt failed"),
    ).toMatchObject({
      jobId,
      account: "demo",
    });
  });
});

describe("scrubbing", () => {
  it.each([
    [
      "a JWT anywhere",
      "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc-DEF_123 here",
      "token [redacted-token] here",
    ],
    ["an Authorization value", "header Bearer abc.def/ghi+= sent", "header Bearer [redacted] sent"],
    ["a JWT scheme value", "JWT qwerty", "JWT [redacted]"],
    [
      "query parameters",
      "Failed query: select * from users where email = ?\nparams: admin@demo.local,hash",
      "Failed query: select * from users where email = ?\nparams: [redacted]",
    ],
    ["plain text", "Conta bancária não existe", "Conta bancária não existe"],
  ])("removes %s", (_name, text, expected) => {
    expect(scrub(text)).toBe(expected);
  });

  it("drops fields named like secrets, at any depth, and keeps the context ids", () => {
    withLogContext({ requestId: "req-1" }, () =>
      log("info", "teste", {
        password: "x",
        nested: { Authorization: "JWT y", ok: 1 },
        list: ["eyJa.eyJb.c"],
      }),
    );
    expect(parsed()).toEqual([
      {
        level: "info",
        message: "teste",
        time: expect.any(String),
        requestId: "req-1",
        password: "[redacted]",
        nested: { Authorization: "[redacted]", ok: 1 },
        list: ["[redacted-token]"],
      },
    ]);
  });
});
