// The outbound helper (src/platform/outbound.ts) against a real HTTP server on loopback: the address
// rule, redirects refused, bounded answers (declared, streamed and gzip-encoded), time limits, network
// faults and bounded inflation. The adapters' own tests drive it inside workerd against their doubles.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inflateBounded, jsonOf, OutboundFailure, outboundFetch } from "../../src/platform/outbound";

let server: Server;
let base = "";
const seen: { path: string; authorization?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? "", authorization: req.headers.authorization });
    switch (req.url) {
      case "/json":
        res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
        return;
      case "/text":
        res.writeHead(200, { "Content-Type": "text/plain" }).end("plain words");
        return;
      case "/redirect":
        res.writeHead(307, { Location: "http://127.0.0.2:9/steal?token=secret" }).end();
        return;
      case "/declared-big":
        res.writeHead(200, { "Content-Length": "5000" }).end("x".repeat(5000));
        return;
      case "/streamed-big":
        res.writeHead(200); // chunked: no Content-Length
        for (let i = 0; i < 10; i++) res.write("y".repeat(1000));
        res.end();
        return;
      case "/gzip-bomb":
        res.writeHead(200, { "Content-Encoding": "gzip" }).end(gzipSync(Buffer.alloc(1_000_000)));
        return;
      case "/stall":
        res.writeHead(200);
        res.write("{");
        return; // never ends
      case "/error":
        res.writeHead(503, { "Retry-After": "3" }).end("down");
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const options = { party: "Parte", production: false, timeoutMs: 2000 };

async function failureOf(promise: Promise<unknown>): Promise<OutboundFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundFailure);
  return error as OutboundFailure;
}

describe("outboundFetch", () => {
  it("answers the status, headers and body; JSON is read without throwing", async () => {
    const answer = await outboundFetch(`${base}/json`, {}, options);
    expect(answer.status).toBe(200);
    expect(jsonOf(answer)).toEqual({ ok: true });
    const text = await outboundFetch(`${base}/text`, {}, options);
    expect(text.text).toBe("plain words");
    expect(jsonOf(text)).toBeUndefined();
  });

  it("answers 4xx and 5xx as answers, for the adapter to map", async () => {
    const answer = await outboundFetch(`${base}/error`, {}, options);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("3");
  });

  it("never follows a redirect: a failure naming the party and only the target's origin", async () => {
    seen.length = 0;
    const failure = await failureOf(
      outboundFetch(`${base}/redirect`, { headers: { Authorization: "Bearer secret" } }, options),
    );
    expect(failure.kind).toBe("redirect");
    expect(failure.status).toBe(307);
    expect(failure.message).toBe(
      "Parte respondeu com um redirecionamento (HTTP 307 para http://127.0.0.2:9), que não é seguido",
    );
    expect(seen.map((s) => s.path)).toEqual(["/redirect"]);
  });

  it("applies the address rule before anything leaves", async () => {
    seen.length = 0;
    const production = await failureOf(outboundFetch(`${base}/json`, {}, { ...options, production: true }));
    expect(production).toMatchObject({ kind: "address", message: "Parte: o endereço deve usar https" });
    const local = await failureOf(outboundFetch("https://localhost/x", {}, { ...options, production: true }));
    expect(local.message).toBe("Parte: o endereço aponta para um endereço privado ou local");
    const privateRange = await failureOf(outboundFetch("http://10.0.0.1/x", {}, options));
    expect(privateRange.kind).toBe("address");
    const invalid = await failureOf(outboundFetch("not a url", {}, options));
    expect(invalid.message).toBe("Parte: endereço inválido");
    expect(seen).toEqual([]);
  });

  it("bounds the answer: declared, streamed and decoded sizes", async () => {
    const bounded = { ...options, maxBytes: 4096 };
    for (const path of ["/declared-big", "/streamed-big", "/gzip-bomb"]) {
      const failure = await failureOf(outboundFetch(`${base}${path}`, {}, bounded));
      expect(failure).toMatchObject({ kind: "too_large", message: "Parte: resposta maior que 4096 bytes" });
    }
    // within the bound, the decoded body is read whole
    const decoded = await outboundFetch(`${base}/gzip-bomb`, {}, { ...options, maxBytes: 2_000_000 });
    expect(decoded.bytes.byteLength).toBe(1_000_000);
  });

  it("gives up a stalled answer at the time limit, the body read included", async () => {
    const started = Date.now();
    const failure = await failureOf(outboundFetch(`${base}/stall`, {}, { ...options, timeoutMs: 300 }));
    expect(failure).toMatchObject({ kind: "timeout", message: "Parte não respondeu em 300 ms" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("maps a refused connection to a network failure and a caller's abort to its own reason", async () => {
    const closed = await failureOf(outboundFetch("http://127.0.0.1:9/x", {}, options));
    expect(closed.kind).toBe("network");
    expect(closed.message.startsWith("Parte inacessível: ")).toBe(true);
    const controller = new AbortController();
    controller.abort();
    const aborted = await failureOf(
      outboundFetch(`${base}/json`, {}, { ...options, signal: controller.signal }),
    );
    expect(aborted.message).toBe("Parte: chamada cancelada");
  });

  it("uses the fetcher it is given (a certificate binding) with redirects refused", async () => {
    const inits: RequestInit[] = [];
    const fetcher = {
      fetch: async (_input: string, init?: RequestInit) => {
        inits.push(init ?? {});
        return new Response("<ok/>", { status: 200 });
      },
    };
    const answer = await outboundFetch(
      "https://sefaz.example.gov.br/ws",
      { method: "POST" },
      {
        ...options,
        production: true,
        fetcher,
      },
    );
    expect(answer.text).toBe("<ok/>");
    expect(inits[0]?.redirect).toBe("manual");
    expect(inits[0]?.method).toBe("POST");
  });
});

describe("inflateBounded", () => {
  it("inflates within the bound", async () => {
    const out = await inflateBounded(gzipSync(Buffer.from("<doc/>")), "gzip", 100, "SEFAZ");
    expect(new TextDecoder().decode(out)).toBe("<doc/>");
  });

  it("refuses an output over the bound and input of another format", async () => {
    const bomb = gzipSync(Buffer.alloc(1_000_000));
    const large = await failureOf(inflateBounded(bomb, "gzip", 10_000, "SEFAZ"));
    expect(large).toMatchObject({
      kind: "too_large",
      message: "SEFAZ: conteúdo compactado excede 10000 bytes ao descompactar",
    });
    const garbage = await failureOf(
      inflateBounded(new TextEncoder().encode("not gzip"), "gzip", 100, "SEFAZ"),
    );
    expect(garbage).toMatchObject({
      kind: "unreadable",
      message: "SEFAZ: conteúdo compactado ilegível (gzip)",
    });
  });
});
