import { describe, expect, it } from "vitest";
import {
  BacenPixApi,
  type BacenPixOptions,
  type PixFetcher,
  parsePixCallback,
} from "../../src/adapters/pix/bacen-api";
import type { PixChargeRequest, PixResult } from "../../src/adapters/pix/types";
import { hasValidCrc } from "../../src/domain/pix/br-code";
import { isEndToEndId } from "../../src/domain/pix/identifiers";
import { pspDouble } from "../support/pix-psp-double";

const CLIENT_ID = "cli-Qm7Rx2Lw9Tz4";
const CLIENT_SECRET = "sec-Vb8Nk3Hp6Jd1Fy5";
const BASIC = btoa(`${CLIENT_ID}:${CLIENT_SECRET}`);
const TXID = "TituloReceber000000000000000042";

let pspCount = 0;
/** A PSP of its own on the double and the adapter speaking to it. */
async function setup(options: Partial<BacenPixOptions> = {}) {
  const psp = await pspDouble(`psp${++pspCount}-${Date.now()}`, {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
  });
  const api = new BacenPixApi({
    baseUrl: psp.baseUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    ...options,
  });
  return { psp, api };
}

const charge: PixChargeRequest = {
  expiresInSeconds: 3600,
  debtor: { document: "12345678909", name: "Francisco da Silva" },
  amountCents: 12345,
  key: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
  payerRequest: "Título 42 de Loja Exemplo",
};

function failedWith<T>(result: PixResult<T>) {
  if (result.ok) throw new Error("expected a failure");
  return result;
}

function succeeded<T>(result: PixResult<T>): T {
  if (!result.ok) throw new Error(`expected a value: ${result.reason}`);
  return result.value;
}

/** A received Pix as the API writes it. */
const pixJson = (n: number, horario: string, extra: Record<string, unknown> = {}) => ({
  endToEndId: `E99999999202611250900${String(n).padStart(11, "0")}`,
  txid: `Txid${String(n).padStart(26, "0")}`,
  valor: `${n}.${String(n % 100).padStart(2, "0")}`,
  horario,
  ...extra,
});

describe("BACEN API Pix adapter against the PSP double", () => {
  it("gets a token with client credentials and creates a charge with the body the OpenAPI defines", async () => {
    const { psp, api } = await setup();
    const created = succeeded(await api.createCharge(TXID, charge));
    expect(created).toMatchObject({
      txid: TXID,
      revision: 0,
      status: "ATIVA",
      amountCents: 12345,
      expiresInSeconds: 3600,
      key: charge.key,
      debtor: charge.debtor,
      payerRequest: charge.payerRequest,
      received: [],
    });
    expect(created.location).toMatch(/^pix\.double\.invalid\/qr\/v2\//);
    expect(created.pixCopiaECola && hasValidCrc(created.pixCopiaECola)).toBe(true);

    const [token, put, ...rest] = await psp.requests();
    expect(rest).toEqual([]);
    expect(token).toMatchObject({
      method: "POST",
      path: "/oauth/token",
      body: "grant_type=client_credentials",
    });
    expect(token?.headers.authorization).toBe(`Basic ${BASIC}`);
    expect(token?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(put).toMatchObject({ method: "PUT", path: `/v2/cob/${TXID}` });
    expect(put?.headers["content-type"]).toBe("application/json");
    expect(put?.headers.authorization).toMatch(/^Bearer tok-/);
    expect(JSON.parse(put?.body ?? "")).toEqual({
      calendario: { expiracao: 3600 },
      devedor: { cpf: "12345678909", nome: "Francisco da Silva" },
      valor: { original: "123.45" },
      chave: charge.key,
      solicitacaoPagador: "Título 42 de Loja Exemplo",
    });
  });

  it("writes a company debtor as cnpj, leaves out an absent debtor and payer text, and reuses its token", async () => {
    const { psp, api } = await setup();
    succeeded(
      await api.createCharge(TXID, { ...charge, debtor: { document: "12ABC34501DE35", name: "Empresa SA" } }),
    );
    const second = `${TXID}B`;
    succeeded(
      await api.createCharge(second, { ...charge, debtor: null, payerRequest: null, amountCents: 1 }),
    );
    const requests = await psp.requests();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /oauth/token",
      `PUT /v2/cob/${TXID}`,
      `PUT /v2/cob/${second}`,
    ]);
    expect(JSON.parse(requests[1]?.body ?? "").devedor).toEqual({
      cnpj: "12ABC34501DE35",
      nome: "Empresa SA",
    });
    expect(JSON.parse(requests[2]?.body ?? "")).toEqual({
      calendario: { expiracao: 3600 },
      valor: { original: "0.01" },
      chave: charge.key,
    });
  });

  it("sends nothing when the charge breaks the API's schema", async () => {
    const { psp, api } = await setup();
    const cases: [string, PixChargeRequest, string][] = [
      ["A".repeat(25), charge, "txid"],
      ["A".repeat(36), charge, "txid"],
      [`${"A".repeat(25)}-`, charge, "txid"],
      [TXID, { ...charge, amountCents: 0 }, "valor.original"],
      [TXID, { ...charge, amountCents: 10.5 }, "valor.original"],
      [TXID, { ...charge, amountCents: 1_000_000_000_000 }, "valor.original"],
      [TXID, { ...charge, expiresInSeconds: 0 }, "calendario.expiracao"],
      [TXID, { ...charge, debtor: { document: "123.456.789-09", name: "X" } }, "devedor.cpf/cnpj"],
      [TXID, { ...charge, key: "k".repeat(78) }, "chave"],
      [TXID, { ...charge, payerRequest: "p".repeat(141) }, "solicitacaoPagador"],
    ];
    for (const [txid, request, field] of cases) {
      const failed = failedWith(await api.createCharge(txid, request));
      expect(failed.failure).toEqual({ kind: "invalid_request", field });
      expect(failed.reason).toContain(field);
    }
    expect(await psp.requests()).toEqual([]);
  });

  it("reads a paid charge with the Pix that paid it", async () => {
    const { psp, api } = await setup();
    succeeded(await api.createCharge(TXID, charge));
    const paid = await psp.pay(TXID, { cpf: "98765432100", nome: "Maria Pagadora" });
    const read = succeeded(await api.getCharge(TXID));
    expect(read.status).toBe("CONCLUIDA");
    expect(read.received).toEqual([
      {
        endToEndId: paid.endToEndId,
        txid: TXID,
        amountCents: 12345,
        at: paid.horario,
        payer: { document: "98765432100", name: "Maria Pagadora" },
        payerInfo: null,
        refunds: [],
      },
    ]);
    expect(isEndToEndId(read.received[0]?.endToEndId ?? "")).toBe(true);

    // PUT on a charge no longer ATIVA: 400 CobOperacaoInvalida with its violation
    const again = failedWith(await api.createCharge(TXID, charge));
    expect(again.failure).toMatchObject({
      kind: "refused",
      status: 400,
      problem: {
        type: "https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida",
        title: "Cobrança inválida.",
      },
    });
    expect(again.reason).toContain("HTTP 400");
    expect(again.reason).toContain("cob.txid");

    const missing = failedWith(await api.getCharge(`${TXID}X`));
    expect(missing.failure).toMatchObject({ kind: "refused", status: 404, problem: { status: 404 } });
  });

  it("follows paginaAtual across every page of GET /v2/pix, in exact cents", async () => {
    const { psp, api } = await setup({ itemsPerPage: 3 });
    const seeded = [
      pixJson(1, "2026-11-25T09:00:01Z"),
      pixJson(2, "2026-11-25T09:00:02Z", {
        pagador: { cnpj: "12345678000195", nome: "Empresa de Serviços SA" },
        infoPagador: "Pedido 77",
      }),
      pixJson(3, "2026-11-25T09:00:03-03:00", {
        devolucoes: [{ id: "D1", rtrId: `D${"1".repeat(31)}`, valor: "1.50", status: "DEVOLVIDO" }],
      }),
      pixJson(4, "2026-11-25T09:00:04.250Z", { txid: undefined }),
      pixJson(5, "2026-11-25T09:00:05Z", { valor: "9999999999.99" }),
      pixJson(6, "2026-11-25T09:00:06Z", { valor: "0.01" }),
      pixJson(7, "2026-11-25T09:00:07Z"),
      pixJson(8, "2026-11-26T09:00:00Z"), // outside the window
    ];
    await psp.seedPix(seeded);
    const window = { start: new Date("2026-11-25T00:00:00Z"), end: new Date("2026-11-25T23:59:59Z") };
    const all = succeeded(await api.listAllReceived(window));
    expect(all.map((pix) => pix.amountCents)).toEqual([101, 202, 404, 999_999_999_999, 1, 707, 303]);
    expect(all[1]).toMatchObject({
      payer: { document: "12345678000195", name: "Empresa de Serviços SA" },
      payerInfo: "Pedido 77",
    });
    expect(all[2]).toMatchObject({ txid: null, at: "2026-11-25T09:00:04.250Z" });
    expect(all[6]?.refunds).toEqual([
      { id: "D1", rtrId: `D${"1".repeat(31)}`, amountCents: 150, status: "DEVOLVIDO" },
    ]);

    const lists = (await psp.requests()).filter((r) => r.path === "/v2/pix");
    expect(lists.map((r) => r.query)).toEqual(
      [0, 1, 2].map((page) => ({
        inicio: "2026-11-25T00:00:00.000Z",
        fim: "2026-11-25T23:59:59.000Z",
        "paginacao.paginaAtual": String(page),
        "paginacao.itensPorPagina": "3",
      })),
    );

    const page1 = succeeded(await api.listReceived({ ...window, page: 1 }));
    expect(page1).toMatchObject({ page: 1, pages: 3, itemsPerPage: 3, totalItems: 7 });
    expect(page1.pix).toHaveLength(3);
  });

  it("refuses a page whose amounts or identifiers break the schema", async () => {
    const window = { start: new Date("2026-11-25T00:00:00Z"), end: new Date("2026-11-25T23:59:59Z") };
    for (const [bad, field] of [
      [{ valor: "123.4" }, "valor"],
      [{ valor: "1,00" }, "valor"],
      [{ valor: "-1.00" }, "valor"],
      [{ valor: "12345678901.00" }, "valor"],
      [{ valor: 12.5 }, "valor"],
      [{ endToEndId: "E123" }, "endToEndId"],
      [{ horario: "2026-11-25 10:00:05" }, "horario"],
      [{ txid: "com-hifen" }, "txid"],
    ] as const) {
      const { psp, api } = await setup();
      await psp.seedPix([pixJson(9, "2026-11-25T10:00:00Z"), pixJson(10, "2026-11-25T10:00:01Z", bad)]);
      const failed = failedWith(await api.listAllReceived(window));
      expect(failed.failure).toEqual({ kind: "invalid_answer", detail: `campo pix.1.${field} inválido` });
    }
  });

  it("refuses a page other than the one asked, and more pages than it follows", async () => {
    const window = { start: new Date("2026-11-25T00:00:00Z"), end: new Date("2026-11-25T23:59:59Z") };
    const seven = [1, 2, 3, 4, 5, 6, 7].map((n) => pixJson(n, `2026-11-25T10:00:0${n}Z`));
    const { psp, api } = await setup({ itemsPerPage: 3 });
    await psp.seedPix(seven);
    await psp.faults([{ mode: "wrong-page" }]);
    expect(failedWith(await api.listAllReceived(window)).failure).toEqual({
      kind: "invalid_answer",
      detail: "página 0 pedida, página 1 respondida",
    });
    const bounded = new BacenPixApi({
      baseUrl: psp.baseUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      itemsPerPage: 3,
      maxPages: 2,
    });
    const tooMany = failedWith(await bounded.listAllReceived(window));
    expect(tooMany.failure).toEqual({ kind: "invalid_answer", detail: "mais de 2 páginas" });
    expect(tooMany.reason).toContain("fora do formato da API Pix");
  });

  it("gets a fresh token once when the API answers 401, and gives up after a second 401", async () => {
    const { psp, api } = await setup();
    succeeded(await api.createCharge(TXID, charge));
    await psp.faults([{ mode: "expire-token" }]);
    succeeded(await api.getCharge(TXID));
    expect((await psp.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /oauth/token",
      `PUT /v2/cob/${TXID}`,
      `GET /v2/cob/${TXID}`,
      "POST /oauth/token",
      `GET /v2/cob/${TXID}`,
    ]);

    await psp.faults([{ mode: "expire-token" }, { mode: "expire-token" }]);
    const refused = failedWith(await api.getCharge(TXID));
    expect(refused.failure).toEqual({ kind: "credentials_refused", status: 401 });
    expect(refused.reason).toContain("credenciais");
  });

  it("keeps its token until shortly before expires_in, and asks for one token for concurrent calls", async () => {
    const clock = { now: Date.parse("2026-11-25T12:00:00Z") };
    const { psp, api } = await setup({ now: () => clock.now });
    const tokenRequests = async () => (await psp.requests()).filter((r) => r.path === "/oauth/token").length;
    const results = await Promise.all([api.getCharge(TXID), api.getCharge(TXID), api.getCharge(TXID)]);
    expect(results.map((r) => !r.ok && r.failure.kind)).toEqual(["refused", "refused", "refused"]); // 404s
    expect(await tokenRequests()).toBe(1);
    clock.now += 3_539_000; // expires_in 3600: renewed 60 s before
    await api.getCharge(TXID);
    expect(await tokenRequests()).toBe(1);
    clock.now += 2_000;
    await api.getCharge(TXID);
    expect(await tokenRequests()).toBe(2);
  });

  it("sends every request through the fetcher it is given (the mTLS certificate binding)", async () => {
    const seen: string[] = [];
    const binding: PixFetcher = {
      fetch: (input, init) => {
        seen.push(`${init?.method} ${new URL(input).pathname}`);
        return fetch(input, init);
      },
    };
    const { psp, api } = await setup({ fetcher: binding });
    succeeded(await api.createCharge(TXID, charge));
    expect(seen).toEqual([
      `POST ${new URL(psp.baseUrl).pathname}/oauth/token`,
      `PUT ${new URL(psp.baseUrl).pathname}/v2/cob/${TXID}`,
    ]);
    // a Workers `mtls_certificates` binding is a Fetcher, which the option takes as it is
    const fits: Fetcher extends PixFetcher ? true : false = true;
    expect(fits).toBe(true);
  });

  it("asks the token where the PSP publishes it, with the scope the PSP wants", async () => {
    const { psp } = await setup();
    const api = new BacenPixApi({
      baseUrl: `${psp.baseUrl}/api`,
      tokenUrl: `${psp.baseUrl}/oauth/token`,
      scope: "cob.write cob.read pix.read",
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    await api.getCharge(TXID);
    const [token, get] = await psp.requests();
    expect(token).toMatchObject({
      path: "/oauth/token",
      body: "grant_type=client_credentials&scope=cob.write+cob.read+pix.read",
    });
    expect(get).toMatchObject({ method: "GET", path: `/api/v2/cob/${TXID}` });
    expect(() => new BacenPixApi({ baseUrl: "ftp://psp.example", clientId: "a", clientSecret: "b" })).toThrow(
      TypeError,
    );
    expect(() => new BacenPixApi({ baseUrl: "", clientId: "a", clientSecret: "b" })).toThrow(TypeError);
  });

  it("says the credentials are refused when the token endpoint answers 401", async () => {
    const { api } = await setup({ clientSecret: "wrong-secret-123" });
    const refused = failedWith(await api.getCharge(TXID));
    expect(refused.failure).toEqual({ kind: "credentials_refused", status: 401 });
    expect(refused.reason).not.toContain("wrong-secret-123");
  });

  it("surfaces 429's Retry-After, in seconds or as a date", async () => {
    const { psp, api } = await setup();
    await psp.faults([{ mode: "429", retryAfter: "7" }]);
    const limited = failedWith(await api.getCharge(TXID));
    expect(limited.failure).toEqual({ kind: "rate_limited", retryAfterSeconds: 7 });
    expect(limited.reason).toContain("7 s");

    const now = Date.parse("2026-11-25T12:00:00Z");
    const dated = new BacenPixApi({
      baseUrl: psp.baseUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      now: () => now,
    });
    await psp.faults([{ on: "token", mode: "429", retryAfter: "Wed, 25 Nov 2026 12:01:30 GMT" }]);
    expect(failedWith(await dated.getCharge(TXID)).failure).toEqual({
      kind: "rate_limited",
      retryAfterSeconds: 90,
    });

    await psp.faults([{ mode: "429", retryAfter: "soon" }]);
    expect(failedWith(await api.getCharge(TXID)).failure).toEqual({
      kind: "rate_limited",
      retryAfterSeconds: null,
    });
  });

  it("reports a PSP failure (500, 503) with its problem, on the API and on the token endpoint", async () => {
    const { psp, api } = await setup();
    await psp.faults([{ mode: "500" }]);
    const failed = failedWith(await api.getCharge(TXID));
    expect(failed.failure).toMatchObject({
      kind: "unavailable",
      status: 500,
      problem: { type: "https://pix.bcb.gov.br/api/v2/error/ErroInternoDoServidor", status: 500 },
    });
    expect(failed.reason).toContain("HTTP 500");
    expect(failed.reason).toContain("Erro Interno do Servidor");

    const fresh = new BacenPixApi({ baseUrl: psp.baseUrl, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    await psp.faults([{ on: "token", mode: "503" }]);
    expect(failedWith(await fresh.getCharge(TXID)).failure).toMatchObject({
      kind: "unavailable",
      status: 503,
    });
  });

  it("calls garbage and answers of another shape invalid", async () => {
    const { psp, api } = await setup();
    succeeded(await api.createCharge(TXID, charge));
    await psp.faults([{ mode: "garbage" }]);
    const garbage = failedWith(await api.getCharge(TXID));
    expect(garbage.failure).toEqual({ kind: "invalid_answer", detail: "corpo não é JSON" });
    expect(garbage.reason).toContain("fora do formato da API Pix");

    await psp.faults([{ mode: "wrong-shape" }]);
    expect(failedWith(await api.getCharge(TXID)).failure.kind).toBe("invalid_answer");
    await psp.faults([{ mode: "wrong-shape" }]);
    const window = { start: new Date("2026-11-25T00:00:00Z"), end: new Date("2026-11-25T01:00:00Z") };
    expect(failedWith(await api.listAllReceived(window)).failure).toEqual({
      kind: "invalid_answer",
      detail: "campo parametros inválido",
    });

    const fresh = new BacenPixApi({ baseUrl: psp.baseUrl, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    await psp.faults([{ on: "token", mode: "wrong-shape" }]);
    expect(failedWith(await fresh.getCharge(TXID)).failure).toMatchObject({ kind: "invalid_answer" });
  });

  it("gives up on a PSP that stalls, within its timeout", async () => {
    const { psp, api } = await setup({ timeoutMs: 400 });
    await psp.faults([{ mode: "stall" }]);
    const started = Date.now();
    const stalled = failedWith(await api.getCharge(TXID));
    expect(stalled.failure).toEqual({ kind: "timeout", timeoutMs: 400 });
    expect(stalled.reason).toContain("400 ms");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("keeps the credentials and tokens out of every failure, even when the PSP echoes them", async () => {
    const { psp, api } = await setup({ timeoutMs: 400 });
    const results: PixResult<unknown>[] = [];
    succeeded(await api.createCharge(TXID, charge));
    for (const fault of [
      { mode: "leaky-problem" },
      { on: "token", mode: "leaky-problem" },
      { mode: "429" },
      { mode: "500" },
      { mode: "garbage" },
      { mode: "wrong-shape" },
      { mode: "stall" },
      { mode: "expire-token" },
    ] as const) {
      await psp.faults([fault, ...(fault.mode === "expire-token" ? [fault] : [])]);
      if (fault.on === "token") {
        const fresh = new BacenPixApi({
          baseUrl: psp.baseUrl,
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
        });
        results.push(await fresh.getCharge(TXID));
      } else results.push(await api.getCharge(TXID));
    }
    // nothing listens on port 1: a network failure (workerd logs the refused connection itself)
    results.push(
      await new BacenPixApi({
        baseUrl: "http://127.0.0.1:1",
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
      }).getCharge(TXID),
    );
    results.push(
      await new BacenPixApi({
        baseUrl: psp.baseUrl,
        clientId: CLIENT_ID,
        clientSecret: "bad-secret-999",
      }).getCharge(TXID),
    );
    expect(results.every((result) => !result.ok)).toBe(true);

    const tokens = (await psp.requests())
      .map((r) => /^Bearer (.+)$/.exec(r.headers.authorization ?? "")?.[1])
      .filter((token): token is string => token !== undefined);
    expect(tokens.length).toBeGreaterThan(0);
    const leaky = failedWith(results[0] as PixResult<unknown>);
    expect(leaky.reason).toContain("***"); // the echo was there, and was blanked
    for (const result of results) {
      const text = JSON.stringify(result);
      for (const secret of [CLIENT_ID, CLIENT_SECRET, BASIC, "bad-secret-999", ...tokens]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it("reads the PSP's webhook callback body, an array or one object of devolucoes", () => {
    const read = parsePixCallback({
      pix: [
        pixJson(1, "2026-11-25T09:00:01Z", {
          devolucoes: { id: "R1", rtrId: `D${"2".repeat(31)}`, valor: "0.50", status: "EM_PROCESSAMENTO" },
        }),
        pixJson(2, "2026-11-25T09:00:02Z"),
      ],
    });
    expect(read.ok && read.pix.map((pix) => [pix.amountCents, pix.refunds.length])).toEqual([
      [101, 1],
      [202, 0],
    ]);
    expect(parsePixCallback({ pix: [{ valor: "1.00" }] })).toEqual({
      ok: false,
      detail: "campo pix.0.endToEndId inválido",
    });
    expect(parsePixCallback("nada")).toMatchObject({ ok: false });
  });
});
