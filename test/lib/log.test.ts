import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorFields, log, scrub, withLogContext } from "../../src/lib/log";

/** A token of the JWT shape (header and claims as base64url JSON); not signed by anything real. */
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOjEsImNvbXBhbnlJZCI6MX0.c2lnbmF0dXJlLW5vdC1yZWFs";

let lines: { method: string; line: string }[];
const spies: ReturnType<typeof vi.spyOn>[] = [];

beforeEach(() => {
  lines = [];
  for (const method of ["log", "warn", "error"] as const) {
    spies.push(
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push({ method, line: args.map(String).join(" ") });
      }),
    );
  }
});

afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

const written = () => lines.map(({ line }) => JSON.parse(line) as Record<string, unknown>);

describe("scrub", () => {
  it.each([
    [`token ${JWT} here`, "token [redacted-token] here"],
    [`Authorization: JWT ${JWT}`, "Authorization: JWT [redacted-token]"],
    ["Authorization: JWT abc.def-ghi", "Authorization: JWT [redacted]"],
    ["Bearer s3cr3t+/=value next", "Bearer [redacted] next"],
    ["bearer lower", "bearer [redacted]"],
    [
      "Failed query: select * from users where email = ?\nparams: admin@demo.local,hash",
      "Failed query: select * from users where email = ?\nparams: [redacted]",
    ],
    ["nothing secret: 42", "nothing secret: 42"],
  ])("%j becomes %j", (text, expected) => {
    expect(scrub(text)).toBe(expected);
  });
});

describe("log", () => {
  it("writes one JSON line with level, message and an ISO time, on the console method of its level", () => {
    log("info", "hello", { count: 2 });
    log("warn", "careful");
    log("error", "broken");
    log("debug", "detail");
    expect(lines.map(({ method }) => method)).toEqual(["log", "warn", "error", "log"]);
    const [info] = written();
    expect(info).toEqual({ level: "info", message: "hello", time: expect.any(String), count: 2 });
    expect(new Date(info!.time as string).toISOString()).toBe(info!.time);
    for (const { line } of lines) expect(line).not.toContain("\n");
  });

  it("never writes the value of a secret field, at any depth up to the limit", () => {
    log("info", "sign-in", {
      password: "demo123",
      Password: "demo123",
      authorization: `JWT ${JWT}`,
      headers: { Authorization: "JWT x", "X-Api-Key": "k-1", cookie: "sid=1", accept: "json" },
      upload: { signature: "abcdef", secretAccessKey: "s", token: "t", passwd: "p", api_key: "a" },
      list: [{ token: "t2", keep: "ok" }],
    });
    const [line] = written();
    expect(line).toMatchObject({
      password: "[redacted]",
      Password: "[redacted]",
      authorization: "[redacted]",
      headers: {
        Authorization: "[redacted]",
        "X-Api-Key": "[redacted]",
        cookie: "[redacted]",
        accept: "json",
      },
      upload: {
        signature: "[redacted]",
        secretAccessKey: "[redacted]",
        token: "[redacted]",
        passwd: "[redacted]",
        api_key: "[redacted]",
      },
      list: [{ token: "[redacted]", keep: "ok" }],
    });
    for (const secret of ["demo123", JWT, "k-1", "sid=1", "abcdef"])
      expect(lines[0]!.line).not.toContain(secret);
  });

  it("scrubs tokens inside the message and inside any string field", () => {
    log("error", `rejected ${JWT}`, { detail: `header was Bearer ${JWT}`, nested: { text: `JWT ${JWT}` } });
    expect(lines[0]!.line).not.toContain(JWT);
    expect(written()[0]).toMatchObject({
      message: "rejected [redacted-token]",
      detail: "header was Bearer [redacted-token]",
      nested: { text: "JWT [redacted-token]" },
    });
  });

  it("carries the ids of the log context, nested contexts adding to the outer one", async () => {
    log("info", "outside");
    await withLogContext({ requestId: "req-1", account: "demo" }, async () => {
      log("info", "in request");
      await withLogContext({ jobId: 7, messageId: "m-1" }, async () => {
        await Promise.resolve();
        log("info", "in job");
      });
      log("info", "back in request");
    });
    expect(
      written().map(({ message, requestId, account, jobId, messageId }) => ({
        message,
        requestId,
        account,
        jobId,
        messageId,
      })),
    ).toEqual([
      {
        message: "outside",
        requestId: undefined,
        account: undefined,
        jobId: undefined,
        messageId: undefined,
      },
      { message: "in request", requestId: "req-1", account: "demo", jobId: undefined, messageId: undefined },
      { message: "in job", requestId: "req-1", account: "demo", jobId: 7, messageId: "m-1" },
      {
        message: "back in request",
        requestId: "req-1",
        account: "demo",
        jobId: undefined,
        messageId: undefined,
      },
    ]);
  });

  it("answers what `withLogContext` ran", () => {
    expect(withLogContext({ requestId: "r" }, () => 42)).toBe(42);
  });
});

describe("errorFields", () => {
  it("keeps message, stack and cause of an Error, and the text of anything else", () => {
    const error = new Error("falhou", { cause: new Error("D1 fora") });
    expect(errorFields(error)).toEqual({
      error: "falhou",
      stack: error.stack,
      cause: "Error: D1 fora",
    });
    expect(errorFields(new Error("sem causa")).cause).toBe("");
    expect(errorFields("texto")).toEqual({ error: "texto" });
  });

  it("a failed query logged through errorFields keeps no bound parameter", () => {
    log(
      "error",
      "query failed",
      errorFields(new Error("Failed query: insert\nparams: 123.456.789-09,demo123")),
    );
    expect(lines[0]!.line).not.toContain("demo123");
    expect(written()[0]!.error).toBe("Failed query: insert\nparams: [redacted]");
  });
});
