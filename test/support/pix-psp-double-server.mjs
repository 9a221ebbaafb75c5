// A PSP's API Pix v2 on loopback for the workers tests, in a Node process of its own (forked by
// pix-psp-double.setup.mjs), written from BACEN's published OpenAPI (bacen/pix-api, openapi.yaml
// 2.9.0): OAuth2 client credentials, PUT/GET /v2/cob/{txid}, GET /v2/pix with its paging, and
// problem+json errors. Each test uses its own PSP under `/psp/<name>` (the adapter's baseUrl) and
// drives it through `/_control/<name>`:
//   PUT  /_control/<name>            {clientId, clientSecret, tokenTtlSeconds, webhookUrl?}: a fresh PSP
//        (with `webhookUrl`, a paid charge is also sent to `<webhookUrl>/pix` as the PSP's callback)
//   POST /_control/<name>/pix        [Pix JSON, as the API writes it]: received Pix to list
//   POST /_control/<name>/pay/<txid> {pagador?}: the charge is paid (CONCLUIDA, one Pix received)
//   PUT  /_control/<name>/faults     [{on: "token"|"api", mode, retryAfter?}]: the next matching
//        requests fail in order: "expire-token" (the API call finds its token expired: 401),
//        "429" (with Retry-After), "500", "503", "garbage" (200 that is not JSON), "wrong-shape"
//        (200 JSON of another shape), "stall" (no answer until the client gives up), "leaky-problem"
//        (500 whose problem echoes the request's credentials or token), "wrong-page" (GET /v2/pix
//        answers the page after the one asked), "401" (the credentials refused: `invalid_client` on
//        the token endpoint, `invalid_token` on the API), "pass" (answered normally: a fault for a
//        later request)
//   GET  /_control/<name>/requests   what the PSP received (method, path, query, headers, body)
import { createServer } from "node:http";
import { localFetch } from "../../scripts/lib/local-fetch.mjs";

const PROBLEM = "https://pix.bcb.gov.br/api/v2/error/";
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const AMOUNT = /^\d{1,10}\.\d{2}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const psps = new Map();
const fresh = (settings = {}) => ({
  clientId: "double-client",
  clientSecret: "double-secret",
  tokenTtlSeconds: 3600,
  ...settings,
  tokens: new Map(),
  charges: new Map(),
  pix: [],
  faults: [],
  requests: [],
  locations: 0,
});
const pspOf = (name) => {
  if (!psps.has(name)) psps.set(name, fresh());
  return psps.get(name);
};

const readBody = (request) =>
  new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

const json = (response, status, body, type = "application/json") =>
  response.writeHead(status, { "Content-Type": type }).end(JSON.stringify(body));

const problem = (response, status, name, title, detail, violacoes) =>
  json(
    response,
    status,
    { type: `${PROBLEM}${name}`, title, status, detail, ...(violacoes ? { violacoes } : {}) },
    "application/problem+json",
  );

// CRC-16/CCITT-FALSE of the BR Code (the double's own, so the adapter's answer is not its mirror)
function crc16(text) {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}
const tlv = (id, value) => `${id}${String(value.length).padStart(2, "0")}${value}`;
function copiaECola(location) {
  const body = `${tlv("00", "01")}${tlv("01", "12")}${tlv("26", tlv("00", "br.gov.bcb.pix") + tlv("25", location))}${tlv("52", "0000")}${tlv("53", "986")}${tlv("58", "BR")}${tlv("59", "PSP DOUBLE LTDA")}${tlv("60", "SAO PAULO")}${tlv("62", tlv("05", "***"))}6304`;
  return body + crc16(body);
}

/** Violations of a `CobSolicitada` body (the `CobOperacaoInvalida` list of the OpenAPI). */
function cobViolations(cob) {
  const v = [];
  const add = (propriedade, razao) => v.push({ razao, propriedade });
  if (typeof cob !== "object" || cob === null)
    return [{ razao: "corpo não é um objeto", propriedade: "cob" }];
  const expiracao = cob.calendario?.expiracao;
  if (expiracao !== undefined && !(Number.isInteger(expiracao) && expiracao > 0)) {
    add("cob.calendario.expiracao", "O campo cob.calendario.expiracao é igual ou menor que zero.");
  }
  if (typeof cob.valor?.original !== "string" || !AMOUNT.test(cob.valor.original)) {
    add("cob.valor.original", "O campo cob.valor.original não respeita o schema.");
  } else if (Number(cob.valor.original) === 0)
    add("cob.valor.original", "O campo cob.valor.original é zero.");
  if (typeof cob.chave !== "string" || cob.chave.length === 0 || cob.chave.length > 77) {
    add("cob.chave", "O campo cob.chave não respeita o schema.");
  }
  if (cob.devedor !== undefined) {
    const d = cob.devedor;
    const cpf = typeof d?.cpf === "string" && /^\d{11}$/.test(d.cpf);
    const cnpj = typeof d?.cnpj === "string" && /^[0-9A-Z]{14}$/.test(d.cnpj);
    if (cpf === cnpj || typeof d.nome !== "string" || d.nome.length === 0 || d.nome.length > 200) {
      add("cob.devedor", "O objeto cob.devedor não respeita o schema.");
    }
  }
  if (
    cob.solicitacaoPagador !== undefined &&
    (typeof cob.solicitacaoPagador !== "string" || cob.solicitacaoPagador.length > 140)
  ) {
    add("cob.solicitacaoPagador", "O campo solicitacaoPagador não respeita o schema.");
  }
  return v;
}

function tokenEndpoint(psp, request, body, response) {
  const expected = `Basic ${Buffer.from(`${psp.clientId}:${psp.clientSecret}`).toString("base64")}`;
  const form = new URLSearchParams(body);
  if (request.headers.authorization !== expected) {
    return json(response, 401, { error: "invalid_client" });
  }
  if (form.get("grant_type") !== "client_credentials") {
    return json(response, 400, { error: "unsupported_grant_type" });
  }
  const token = `tok-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  psp.tokens.set(token, Date.now() + psp.tokenTtlSeconds * 1000);
  json(response, 200, {
    access_token: token,
    token_type: "Bearer",
    expires_in: psp.tokenTtlSeconds,
    scope: "cob.write cob.read pix.read",
  });
}

function authorized(psp, request, response) {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  const expiresAt = token ? psp.tokens.get(token) : undefined;
  if (expiresAt !== undefined && expiresAt > Date.now()) return true;
  response.setHeader("WWW-Authenticate", 'Bearer error="invalid_token"');
  json(response, 401, { error: "invalid_token" });
  return false;
}

function putCob(psp, txid, body, response) {
  let cob;
  try {
    cob = JSON.parse(body);
  } catch {
    return problem(response, 400, "CobOperacaoInvalida", "Cobrança inválida.", "O corpo não é JSON.");
  }
  const violacoes = cobViolations(cob);
  const existing = psp.charges.get(txid);
  if (existing && existing.status !== "ATIVA") {
    violacoes.push({ razao: "A cobrança já existe e não está no status ATIVA.", propriedade: "cob.txid" });
  }
  if (violacoes.length > 0) {
    return problem(
      response,
      400,
      "CobOperacaoInvalida",
      "Cobrança inválida.",
      "A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o schema ou está semanticamente errada.",
      violacoes,
    );
  }
  const criacao = existing?.calendario.criacao ?? new Date().toISOString();
  const loc = existing?.loc ?? {
    id: ++psp.locations,
    location: `pix.double.invalid/qr/v2/${txid.toLowerCase()}`,
    tipoCob: "cob",
    criacao,
  };
  const charge = {
    calendario: { criacao, expiracao: cob.calendario?.expiracao ?? 86400 },
    txid,
    revisao: existing ? existing.revisao + 1 : 0,
    loc,
    location: loc.location,
    status: "ATIVA",
    ...(cob.devedor ? { devedor: cob.devedor } : {}),
    valor: { original: cob.valor.original },
    chave: cob.chave,
    ...(cob.solicitacaoPagador !== undefined ? { solicitacaoPagador: cob.solicitacaoPagador } : {}),
    pixCopiaECola: copiaECola(loc.location),
  };
  psp.charges.set(txid, charge);
  json(response, 201, charge);
}

function listPix(psp, query, response) {
  const inicio = query.get("inicio");
  const fim = query.get("fim");
  const page = query.has("paginacao.paginaAtual") ? Number(query.get("paginacao.paginaAtual")) : 0;
  const size = query.has("paginacao.itensPorPagina") ? Number(query.get("paginacao.itensPorPagina")) : 100;
  const violacoes = [];
  if (!inicio || !RFC3339.test(inicio))
    violacoes.push({ razao: "inicio não respeita o schema.", propriedade: "inicio" });
  if (!fim || !RFC3339.test(fim)) violacoes.push({ razao: "fim não respeita o schema.", propriedade: "fim" });
  if (violacoes.length === 0 && Date.parse(fim) < Date.parse(inicio)) {
    violacoes.push({ razao: "fim é anterior a inicio.", propriedade: "fim" });
  }
  if (!Number.isInteger(page) || page < 0) {
    violacoes.push({ razao: "paginacao.paginaAtual é negativo.", propriedade: "paginacao.paginaAtual" });
  }
  if (!Number.isInteger(size) || size < 1 || size > 1000) {
    violacoes.push({
      razao: "paginacao.itensPorPagina fora de 1..1000.",
      propriedade: "paginacao.itensPorPagina",
    });
  }
  if (violacoes.length > 0) {
    return problem(
      response,
      400,
      "PixConsultaInvalida",
      "Consulta inválida.",
      "Parâmetros de consulta inválidos.",
      violacoes,
    );
  }
  const from = Date.parse(inicio);
  const to = Date.parse(fim);
  const found = psp.pix
    .filter((pix) => Date.parse(pix.horario) >= from && Date.parse(pix.horario) <= to)
    .sort((a, b) => Date.parse(a.horario) - Date.parse(b.horario));
  const answered = psp.wrongPage ? page + 1 : page;
  psp.wrongPage = false;
  json(response, 200, {
    parametros: {
      inicio,
      fim,
      paginacao: {
        paginaAtual: answered,
        itensPorPagina: size,
        quantidadeDePaginas: Math.max(1, Math.ceil(found.length / size)),
        quantidadeTotalDeItens: found.length,
      },
    },
    pix: found.slice(page * size, (page + 1) * size),
  });
}

function endToEndId() {
  const at = new Date().toISOString().replace(/\D/g, "").slice(0, 12);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let tail = "";
  for (let i = 0; i < 11; i++) tail += alphabet[Math.floor(Math.random() * alphabet.length)];
  return `E99999999${at}${tail}`;
}

/** Applies the next fault for `on` when there is one; true when the request is answered by it. */
function applyFault(psp, on, request, response) {
  const index = psp.faults.findIndex((fault) => (fault.on ?? "api") === on);
  if (index === -1) return false;
  const [fault] = psp.faults.splice(index, 1);
  switch (fault.mode) {
    case "expire-token": {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (token) psp.tokens.set(token, 0);
      return false; // the request goes on and meets its expired token
    }
    case "429":
      response.writeHead(429, {
        "Retry-After": String(fault.retryAfter ?? "30"),
        "Content-Type": "application/problem+json",
      });
      response.end(
        JSON.stringify({ type: `${PROBLEM}LimiteExcedido`, title: "Too Many Requests", status: 429 }),
      );
      return true;
    case "500":
      problem(
        response,
        500,
        "ErroInternoDoServidor",
        "Erro Interno do Servidor",
        "Condição inesperada ao processar requisição.",
      );
      return true;
    case "503":
      problem(
        response,
        503,
        "ServicoIndisponivel",
        "Serviço Indisponível",
        "Serviço não está disponível no momento.",
      );
      return true;
    case "401":
      if (on === "token") json(response, 401, { error: "invalid_client" });
      else {
        response.setHeader("WWW-Authenticate", 'Bearer error="invalid_token"');
        json(response, 401, { error: "invalid_token" });
      }
      return true;
    case "pass":
      return false;
    case "wrong-page":
      psp.wrongPage = true; // the list answers a page other than the one asked
      return false;
    case "leaky-problem": {
      // a careless PSP that echoes what it received (the Authorization header, decoded) in its error
      const header = request.headers.authorization ?? "";
      const basic = /^Basic (.+)$/.exec(header)?.[1];
      const echoed = basic ? Buffer.from(basic, "base64").toString("utf8") : header;
      problem(
        response,
        500,
        "ErroInternoDoServidor",
        `Falha para ${echoed}`,
        `Authorization: ${header} (${echoed})`,
      );
      return true;
    }
    case "garbage":
      response
        .writeHead(200, { "Content-Type": "text/html" })
        .end("<html><body>Gateway maintenance</body></html>");
      return true;
    case "wrong-shape":
      json(response, 200, { data: [{ id: 1 }], ok: true });
      return true;
    case "stall":
      // holds the answer until the client gives up (the connection closes) or a minute passes
      setTimeout(() => response.destroy(), 60_000).unref();
      return true;
    default:
      return false;
  }
}

async function handle(request, response) {
  const url = new URL(request.url ?? "/", "http://double");
  const parts = url.pathname.split("/").filter(Boolean);
  const body = await readBody(request);
  if (parts[0] === "_control") {
    const [, name, action, arg] = parts;
    if (!action && request.method === "PUT") {
      psps.set(name, fresh(JSON.parse(body || "{}")));
      return response.writeHead(204).end();
    }
    const psp = pspOf(name);
    if (action === "pix" && request.method === "POST") {
      psp.pix.push(...JSON.parse(body));
      return response.writeHead(204).end();
    }
    if (action === "faults" && request.method === "PUT") {
      psp.faults = JSON.parse(body);
      return response.writeHead(204).end();
    }
    if (action === "requests") return json(response, 200, psp.requests);
    if (action === "pay" && request.method === "POST") {
      const charge = psp.charges.get(arg);
      if (charge?.status !== "ATIVA") return response.writeHead(409).end();
      const { pagador } = JSON.parse(body || "{}");
      const pix = {
        endToEndId: endToEndId(),
        txid: arg,
        valor: charge.valor.original,
        horario: new Date().toISOString(),
        ...(pagador ? { pagador } : {}),
      };
      charge.status = "CONCLUIDA";
      psp.pix.push(pix);
      // the PSP's callback to the webhook registered for its key (`PUT /v2/webhook/{chave}`)
      if (psp.webhookUrl) {
        // `*.localhost` (the demo's account host) through 127.0.0.1, where Node cannot resolve it
        await localFetch(`${psp.webhookUrl}/pix`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ pix: [pix] }),
        });
      }
      return json(response, 200, pix);
    }
    return response.writeHead(404).end();
  }
  if (parts[0] !== "psp" || !parts[1]) return response.writeHead(404).end();
  const psp = pspOf(parts[1]);
  const path = `/${parts.slice(2).join("/")}`;
  psp.requests.push({
    method: request.method,
    path,
    query: Object.fromEntries(url.searchParams),
    headers: request.headers,
    body,
  });
  if (path === "/oauth/token" && request.method === "POST") {
    if (applyFault(psp, "token", request, response)) return;
    return tokenEndpoint(psp, request, body, response);
  }
  if (applyFault(psp, "api", request, response)) return;
  if (!authorized(psp, request, response)) return;
  const cob = /^\/v2\/cob\/([^/]+)$/.exec(path);
  if (cob) {
    const txid = cob[1];
    if (!TXID.test(txid)) {
      return problem(
        response,
        400,
        "CobOperacaoInvalida",
        "Cobrança inválida.",
        "O txid não respeita o schema.",
        [{ razao: "O campo txid não respeita o schema.", propriedade: "cob.txid" }],
      );
    }
    if (request.method === "PUT") return putCob(psp, txid, body, response);
    if (request.method === "GET") {
      const charge = psp.charges.get(txid);
      if (!charge)
        return problem(
          response,
          404,
          "CobNaoEncontrado",
          "Não Encontrado",
          "Cobrança não encontrada para o txid informado.",
        );
      const pix = psp.pix.filter((p) => p.txid === txid);
      return json(response, 200, { ...charge, ...(pix.length ? { pix } : {}) });
    }
  }
  if (path === "/v2/pix" && request.method === "GET") return listPix(psp, url.searchParams, response);
  problem(response, 404, "NaoEncontrado", "Não Encontrado", "Entidade não encontrada.");
}

const server = createServer((request, response) => {
  handle(request, response).catch(() => {
    if (!response.headersSent) response.writeHead(500).end();
  });
});
server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
process.on("disconnect", () => process.exit(0));
