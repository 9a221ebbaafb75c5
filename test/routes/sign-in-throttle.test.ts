import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { call, fetchWorker } from "../support/api";
import { type AccountName, seedAccounts } from "../support/seed";

/**
 * Sign-in throttling (docs/API.md, "Sign-in throttling"), over HTTP. The worker's clock is the test's (`Date` faked):
 * it stands still while a test sends its attempts, and moves only when the test says so.
 */

const TOO_MANY = "Muitas tentativas de login sem sucesso, tente novamente mais tarde";
const INVALID = "Usuário ou senha inválidos";

let now = 0;
/** Moves the clock forward by `seconds`. */
const pass = (seconds: number) => {
  now += seconds * 1000;
  vi.setSystemTime(now);
};

beforeAll(seedAccounts);

let day = 0;
beforeEach(async () => {
  // every test on its own day, with no counter left by the one before
  vi.useFakeTimers({ toFake: ["Date"] });
  now = Date.UTC(2030, 0, 1) + ++day * 86_400_000;
  vi.setSystemTime(now);
  for (const database of [env.DB_DEMO, env.DB_ACME]) await database.exec("DELETE FROM sign_in_throttle");
});
afterEach(() => vi.useRealTimers());

const attempt = (email: string, password: string, client: string, account: AccountName = "demo") =>
  call(account, "POST", "/1.0/user/signin/local", {
    body: { Email: email, Password: password },
    headers: { "CF-Connecting-IP": client },
  });

const wrong = (email: string, client: string, account: AccountName = "demo") =>
  attempt(email, "senha-errada", client, account);
const right = (client: string) => attempt("admin@demo.local", "demo123", client);

/** The status, message and Retry-After of an answer. */
const outcome = (response: { status: number; body: unknown; headers: Headers }) => ({
  status: response.status,
  message: (response.body as { errorMessage?: string } | null)?.errorMessage,
  retryAfter: response.headers.get("Retry-After"),
});
const refused = (retryAfter: number) => ({ status: 429, message: TOO_MANY, retryAfter: String(retryAfter) });
const invalid = { status: 401, message: INVALID, retryAfter: null };

async function repeat(times: number, send: (i: number) => ReturnType<typeof call>) {
  const outcomes = [];
  for (let i = 0; i < times; i++) outcomes.push(outcome(await send(i)));
  return outcomes;
}

describe("wrong passwords from one client", () => {
  it("20 in a row for one e-mail: ten answered 401, then refused with 429 and Retry-After", async () => {
    const answers = await repeat(20, () => wrong("admin@demo.local", "203.0.113.7"));
    expect(answers).toEqual([...Array(10).fill(invalid), ...Array(10).fill(refused(1))]);
    // while locked, the password is not even checked: the right one is refused as well
    expect(outcome(await right("203.0.113.7"))).toEqual(refused(1));
  });

  it("a right password from another client still signs in; the locked client does once its lock ends", async () => {
    await repeat(20, () => wrong("admin@demo.local", "203.0.113.7"));
    expect((await right("198.51.100.20")).status).toBe(200);
    expect(outcome(await right("203.0.113.7"))).toEqual(refused(1));
    pass(1);
    expect((await right("203.0.113.7")).status).toBe(200);
  });

  it("each failure past the ten free ones doubles the lock, from 1 s up to 15 minutes", async () => {
    const client = "203.0.113.8";
    // every attempt on another e-mail: only the client's count grows
    let n = 0;
    const next = () => wrong(`ninguem${++n}@demo.local`, client);
    expect(await repeat(10, next)).toEqual(Array(10).fill(invalid));
    const locks: number[] = [];
    for (let i = 0; i < 12; i++) {
      const locked = outcome(await next());
      expect(locked).toMatchObject({ status: 429, message: TOO_MANY });
      const seconds = Number(locked.retryAfter);
      locks.push(seconds);
      pass(seconds - 1);
      expect(outcome(await next())).toEqual(refused(1));
      pass(1);
      expect(outcome(await next())).toEqual(invalid);
    }
    expect(locks).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    // the 22nd failure's lock outlasts the window (an hour after the first failure): the count starts over
    pass(900);
    expect(await repeat(10, next)).toEqual(Array(10).fill(invalid));
    expect(outcome(await next())).toEqual(refused(1));
  });

  it("the count starts over an hour after the window's first failure", async () => {
    const client = "203.0.113.9";
    expect(await repeat(10, () => wrong("admin@demo.local", client))).toEqual(Array(10).fill(invalid));
    pass(3599);
    expect(outcome(await wrong("admin@demo.local", client))).toEqual(invalid);
    expect(outcome(await wrong("admin@demo.local", client))).toEqual(refused(2));
    pass(1);
    expect(await repeat(10, () => wrong("admin@demo.local", client))).toEqual(Array(10).fill(invalid));
    expect(outcome(await wrong("admin@demo.local", client))).toEqual(refused(1));
  });

  it("a success does not clear the client's count (another account's success cannot wash an address)", async () => {
    const client = "203.0.113.10";
    expect(await repeat(9, (i) => wrong(`ninguem${i}@demo.local`, client))).toEqual(Array(9).fill(invalid));
    expect((await right(client)).status).toBe(200);
    expect(outcome(await wrong("outro@demo.local", client))).toEqual(invalid);
    expect(outcome(await wrong("outro@demo.local", client))).toEqual(refused(1));
  });

  it("counts concurrent guesses one by one: only ten of fifteen sent at once are checked", async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => wrong("admin@demo.local", "203.0.113.11").then(outcome)),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toEqual(Array(5).fill(refused(1)));
  });

  it("an IPv6 client is its /64", async () => {
    await repeat(10, (i) => wrong("admin@demo.local", `2001:db8:1:2::${i + 1}`));
    expect(outcome(await wrong("admin@demo.local", "2001:0db8:0001:0002:ffff::9"))).toEqual(refused(1));
    expect(outcome(await wrong("admin@demo.local", "2001:db8:1:3::1"))).toEqual(invalid);
  });
});

describe("wrong passwords for one e-mail from many clients", () => {
  /** `count` failures for `email`, three per client, from clients no other attempt uses. */
  const spread = (count: number, email = "admin@demo.local", first = 0) =>
    repeat(count, (i) => wrong(email, `192.0.2.${first + Math.floor(i / 3) + 1}`));

  it("lock the e-mail after 30 failures, for every client, without touching other e-mails", async () => {
    expect(await spread(30)).toEqual(Array(30).fill(invalid));
    expect(outcome(await right("198.51.100.1"))).toEqual(refused(1));
    expect(outcome(await wrong("ADMIN@demo.local ", "198.51.100.2"))).toEqual(refused(1));
    expect(
      (await attempt("filial@demo.local", "demo123", "198.51.100.3")).status,
      "another e-mail of the account",
    ).toBe(200);
    pass(1);
    expect((await right("198.51.100.1")).status).toBe(200);
  });

  it("a success clears the e-mail's count", async () => {
    expect(await spread(29)).toEqual(Array(29).fill(invalid));
    expect((await right("198.51.100.4")).status).toBe(200);
    expect(await spread(29, "admin@demo.local", 20)).toEqual(Array(29).fill(invalid));
    expect((await right("198.51.100.4")).status).toBe(200);
  });

  it("are counted per account: another account's e-mail and client are not locked", async () => {
    expect(await spread(30)).toEqual(Array(30).fill(invalid));
    await repeat(10, () => wrong("admin@demo.local", "203.0.113.12"));
    expect(outcome(await right("203.0.113.12"))).toEqual(refused(1));
    // the same e-mail and the same client on acme: counted apart (its own database)
    expect(outcome(await wrong("admin@demo.local", "203.0.113.12", "acme"))).toEqual(invalid);
    expect((await attempt("admin@acme.local", "demo123", "203.0.113.12", "acme")).status).toBe(200);
  });
});

describe("the route's document", () => {
  it("declares the 429 and its Retry-After", async () => {
    const response = await fetchWorker(new Request("http://demo.localhost/openapi.json"));
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    };
    const path = Object.keys(document.paths).find((p) => p.endsWith("/user/signin/local"))!;
    expect(document.paths[path]!.post!.responses["429"]).toMatchObject({
      headers: { "Retry-After": expect.any(Object) },
    });
  });
});
