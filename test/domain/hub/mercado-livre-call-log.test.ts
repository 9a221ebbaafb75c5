import { afterEach, describe, expect, it, vi } from "vitest";
import { MlHttp } from "../../../src/adapters/channels/mercado-livre/http";
import type { MlCallOutcome, MlSettings } from "../../../src/adapters/channels/mercado-livre/types";

/** A client whose calls are answered by `answer` (the path), its log groups in `groups`. */
function client(answer: (path: string) => Response) {
  const groups: MlCallOutcome[][] = [];
  vi.stubGlobal("fetch", async (url: string | URL) => answer(new URL(url).pathname));
  const settings: MlSettings = {
    baseUrl: "http://127.0.0.1:1",
    production: false,
    clientId: "app",
    clientSecret: "secret",
    tokens: {
      read: async () => ({
        version: 1,
        accessToken: "APP_USR-token",
        accessExpiresAt: null,
        refreshToken: "TG-refresh",
        sellerId: "111",
      }),
      claimRefresh: async () => false,
      replace: async () => false,
      refused: async () => {},
    },
    inbox: null,
    onCalls: (calls) => groups.push(calls),
    maxAttempts: 2,
    maxRetryWaitMs: 1,
  };
  return { http: new MlHttp(settings), groups };
}

const ok = () => new Response("{}", { status: 200 });

describe("Mercado Livre client: every call's outcome in the log", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("hands ok calls over in groups of 50, and the rest when no call is left in flight", async () => {
    const { http, groups } = client(ok);
    await Promise.all(Array.from({ length: 120 }, (_, n) => http.get(`/orders/${n}`)));
    expect(groups.map((group) => group.length)).toEqual([50, 50, 20]);
    const paths = groups.flat().map((call) => call.path);
    expect(new Set(paths).size).toBe(120);
    expect(groups.flat().every((call) => call.outcome === "ok" && call.status === 200)).toBe(true);
  });

  it("writes a retried or failed call at once, with the calls before it, in order", async () => {
    const { http, groups } = client((path) =>
      path === "/orders/2" ? new Response("busy", { status: 503 }) : ok(),
    );
    await http.get("/orders/1");
    expect(groups).toHaveLength(1);
    await expect(http.get("/orders/2")).rejects.toMatchObject({ failure: "timeout" });
    const outcomes = groups.flat().map((call) => [call.path, call.status, call.outcome, call.attempt]);
    expect(outcomes).toEqual([
      ["/orders/1", 200, "ok", 1],
      ["/orders/2", 503, "retried", 1],
      ["/orders/2", 503, "failed", 2],
    ]);
    // nothing left unwritten
    await http.get("/orders/3");
    expect(groups.flat().at(-1)).toMatchObject({ path: "/orders/3", outcome: "ok" });
  });
});
