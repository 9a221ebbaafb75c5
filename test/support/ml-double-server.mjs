// Mercado Livre's API on loopback for the workers tests, in a Node process of its own (forked by
// ml-double.setup.mjs), written from the public developer documentation (developers.mercadolivre.com.br:
// authentication and authorization, orders, shipments, packs, billing info, notifications; see
// docs/MERCADO-LIVRE.md), not from any SDK. Each test uses its own seller under `/ml/<name>` (the
// integration's BaseUrl) and drives it through `/_control/<name>`:
//   PUT  /_control/<name>           {clientId, clientSecret, sellerId, refreshToken, code?, redirectUri?,
//                                     accessTtlSeconds?}: a fresh seller
//   POST /_control/<name>/orders    [order JSON as the API writes it]: added or replaced (a replaced
//                                    order gets a later date_last_updated)
//   POST /_control/<name>/shipments [shipment JSON], /packs [pack JSON], /billing {orderId: billing_info}
//   PUT  /_control/<name>/faults    [{on: "token"|"api", mode, retryAfter?, ms?, path?}]: the next
//                                    matching requests (of a path starting with `path`, when given)
//                                    fail in order: "401" (the access token expired: 401),
//                                    "429" (with Retry-After), "500", "garbage" (200 not JSON),
//                                    "text" (200 text/plain), "redirect" (307 to the trap, another
//                                    origin), "huge" (200 JSON of `bytes`, default 9 MiB),
//                                    "body" (200 with the JSON `body` given),
//                                    "slow" (answers after `ms`)
//   POST /_control/<name>/expire    every access token of the seller expires (the API answers 401)
//   POST /_control/<name>/notify    {url?, topic, resource, userId?, applicationId?}: the notification
//                                    JSON as Mercado Livre sends it; with `url`, POSTs it there and
//                                    answers {status, ms, body}
//   GET  /_control/<name>/state     {refreshes, refreshToken}: how many refreshes the token endpoint granted
//   GET  /_control/<name>/requests  what the API received (method, path, query, headers without tokens)
//   GET  /_control/<name>/trapped   what reached the trap after a "redirect" ([{method, path,
//                                    authorization: "sent"|null, fields: [form field names]}])
//   GET  /_stats                    {requests, cpuMs}: requests answered and the process's CPU time so far
import { createServer } from "node:http";
import { benchControl } from "./ml-double-bench.mjs";
import { controlClaims, handleClaims } from "./ml-double-claims.mjs";
import { controlOps, handleOps } from "./ml-double-ops.mjs";
import { handleStock, stockControl } from "./ml-double-stock.mjs";

const sellers = new Map();

/**
 * The trap: a second listener, another origin, where the "redirect" fault sends the client. It
 * answers 200 with a token-like JSON (what a hostile host would) and records what arrived, by
 * seller: a client that followed the redirect sent its credentials there.
 */
const trapped = new Map();
const trap = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const url = new URL(request.url, "http://127.0.0.1");
    const [, name = "", ...rest] = url.pathname.split("/");
    const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    const list = trapped.get(name) ?? [];
    list.push({
      method: request.method,
      path: `/${rest.join("/")}`,
      authorization: request.headers.authorization ? "sent" : null,
      fields: [...form.keys()],
    });
    trapped.set(name, list);
    response.writeHead(200, { "Content-Type": "application/json" }).end(
      JSON.stringify({
        access_token: "APP_USR-trap",
        token_type: "bearer",
        expires_in: 21600,
        user_id: 1,
        refresh_token: "TG-trap",
      }),
    );
  });
});
let trapOrigin = "";

const fresh = (name, settings = {}) => ({
  name,
  clientId: "1234567890",
  clientSecret: "double-secret",
  sellerId: 111,
  refreshToken: "TG-refresh-1",
  code: "TG-code-1",
  redirectUri: null,
  accessTtlSeconds: 21600,
  ...settings,
  codeUsed: false,
  accessTokens: new Map(),
  refreshes: 0,
  orders: new Map(),
  shipments: new Map(),
  packs: new Map(),
  billing: new Map(),
  faults: [],
  requests: [],
  clock: Date.parse("2026-01-01T00:00:00.000Z"),
});
const sellerOf = (name) => {
  if (!sellers.has(name)) sellers.set(name, fresh(name));
  return sellers.get(name);
};

/**
 * The seller's orders by date_created then id, with each one's date_last_updated in ms: sorted
 * once per change of the orders (every write of `seller.orders` drops it: `seller.sortedOrders = null`),
 * as a search page of a large seller would otherwise sort them all again.
 */
function ordersByCreation(seller) {
  if (seller.sortedOrders) return seller.sortedOrders;
  const entries = [...seller.orders.values()]
    .map((order) => ({
      order,
      createdMs: Date.parse(order.date_created),
      updatedMs: Date.parse(order.date_last_updated),
    }))
    .sort((a, b) => a.createdMs - b.createdMs || a.order.id - b.order.id);
  seller.sortedOrders = entries;
  return entries;
}

const readBody = (request) =>
  new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

const json = (response, status, body, headers = {}) =>
  response.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));

/** Mercado Livre's error body: {message, error, status, cause}. */
const error = (response, status, code, message, headers = {}) =>
  json(response, status, { message, error: code, status, cause: [] }, headers);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first fault of these requests (`on`, and the path when the fault names one by its start). */
function nextFault(seller, on, path) {
  const index = seller.faults.findIndex(
    (fault) => (fault.on ?? "api") === on && (!fault.path || (path ?? "").startsWith(fault.path)),
  );
  return index < 0 ? null : seller.faults.splice(index, 1)[0];
}

/** Answers a fault; true when the request was answered by it. */
async function applyFault(seller, on, response, path) {
  const fault = nextFault(seller, on, path);
  if (!fault) return false;
  switch (fault.mode) {
    case "401":
      error(response, 401, "not_found", "invalid_token");
      return true;
    case "429":
      error(response, 429, "too_many_requests", "Too Many Requests", {
        "Retry-After": fault.retryAfter ?? "1",
      });
      return true;
    case "500":
      error(response, 500, "internal_error", "Internal server error");
      return true;
    case "garbage":
      response.writeHead(200, { "Content-Type": "application/json" }).end("<html>oops</html>");
      return true;
    case "text":
      response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
      return true;
    case "body":
      json(response, 200, fault.body ?? {});
      return true;
    case "redirect":
      // to the trap, another origin: what a client that follows it sends again is recorded there
      response
        .writeHead(307, {
          Location: `${trapOrigin}/${seller.name}${path ?? "/"}`,
          "Content-Type": "text/plain",
        })
        .end("Temporary Redirect");
      return true;
    case "huge": {
      // 200 JSON of `bytes` (default 9 MiB), sent in pieces
      const total = fault.bytes ?? 9 * 1024 * 1024;
      response.writeHead(200, { "Content-Type": "application/json" });
      const piece = "x".repeat(64 * 1024);
      response.write('{"pad":"');
      for (let sent = 0; sent < total; sent += piece.length) {
        if (response.destroyed) return true;
        if (!response.write(piece))
          await new Promise((resolve) => response.once("drain", resolve).once("close", resolve));
      }
      response.end('"}');
      return true;
    }
    case "slow":
      await sleep(fault.ms ?? 5000);
      return false;
    default:
      return false;
  }
}

function issueTokens(seller) {
  const accessToken = `APP_USR-${Math.random().toString(36).slice(2)}-${seller.sellerId}`;
  seller.accessTokens.set(accessToken, Date.now() + seller.accessTtlSeconds * 1000);
  seller.refreshToken = `TG-${Math.random().toString(36).slice(2)}-${seller.sellerId}`;
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: seller.accessTtlSeconds,
    scope: "offline_access read write",
    user_id: seller.sellerId,
    refresh_token: seller.refreshToken,
  };
}

async function oauthToken(seller, request, response) {
  const form = new URLSearchParams(await readBody(request));
  if (await applyFault(seller, "token", response, "/oauth/token")) return;
  if (form.get("client_id") !== seller.clientId || form.get("client_secret") !== seller.clientSecret)
    return error(response, 400, "invalid_client", "invalid client_id or client_secret");
  const grant = form.get("grant_type");
  if (grant === "refresh_token") {
    if (form.get("refresh_token") !== seller.refreshToken)
      return error(
        response,
        400,
        "invalid_grant",
        "Error validating grant. Your authorization code or refresh token may be expired or it was already used",
      );
    seller.refreshes++;
    return json(response, 200, issueTokens(seller));
  }
  if (grant === "authorization_code") {
    if (
      form.get("code") !== seller.code ||
      seller.codeUsed ||
      (seller.redirectUri && form.get("redirect_uri") !== seller.redirectUri)
    )
      return error(
        response,
        400,
        "invalid_grant",
        "Error validating grant. Your authorization code or refresh token may be expired or it was already used",
      );
    seller.codeUsed = true;
    return json(response, 200, issueTokens(seller));
  }
  return error(response, 400, "unsupported_grant_type", "the grant_type is not supported");
}

function authorised(seller, request) {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  const until = token ? seller.accessTokens.get(token) : undefined;
  return until !== undefined && until > Date.now();
}

async function api(seller, path, url, request, response) {
  if (await applyFault(seller, "api", response, path)) return;
  if (!authorised(seller, request)) return error(response, 401, "not_found", "invalid_token");
  if (await handleClaims(seller, request.method, path, url, request, response)) return;
  const q = url.searchParams;
  if (await handleOps(seller, path, url, response)) return;
  if (path === "/users/me")
    return json(response, 200, { id: seller.sellerId, nickname: `VENDEDOR${seller.sellerId}` });
  if (path === "/orders/search") {
    if (q.get("seller") !== String(seller.sellerId))
      return error(response, 403, "forbidden", "Caller is not allowed to search orders of this seller");
    const limit = Number(q.get("limit") ?? "50");
    const offset = Number(q.get("offset") ?? "0");
    if (!Number.isInteger(limit) || limit < 1 || limit > 51 || !Number.isInteger(offset) || offset < 0)
      return error(response, 400, "bad_request", "invalid limit or offset");
    const from = q.get("order.date_last_updated.from");
    const fromMs = from ? Date.parse(from) : 0;
    if (Number.isNaN(fromMs)) return error(response, 400, "bad_request", "invalid date");
    const matching = ordersByCreation(seller).filter((entry) => entry.updatedMs >= fromMs);
    const sorted = matching.map((entry) => entry.order);
    const sort = q.get("sort") === "date_desc" ? sorted.reverse() : sorted;
    return json(response, 200, {
      query: "",
      results: sort.slice(offset, offset + limit),
      sort: { id: q.get("sort") ?? "date_asc", name: "Date ascending" },
      available_sorts: [],
      filters: [],
      paging: { total: sort.length, offset, limit },
      display: "complete",
    });
  }
  let match = /^\/orders\/(\d+)\/billing_info$/.exec(path);
  if (match) {
    const billing = seller.billing.get(match[1]);
    return billing
      ? json(response, 200, billing)
      : error(response, 404, "not_found", "Billing info not found");
  }
  match = /^\/orders\/(\d+)$/.exec(path);
  if (match) {
    const order = seller.orders.get(match[1]);
    if (!order) return error(response, 404, "not_found", `Order ${match[1]} not found`);
    const { date_last_updated, ...detail } = order;
    return json(response, 200, { ...detail, last_updated: date_last_updated });
  }
  match = /^\/shipments\/(\d+)$/.exec(path);
  if (match) {
    const shipment = seller.shipments.get(match[1]);
    return shipment ? json(response, 200, shipment) : error(response, 404, "not_found", "Shipment not found");
  }
  match = /^\/packs\/(\d+)$/.exec(path);
  if (match) {
    const pack = seller.packs.get(match[1]);
    return pack ? json(response, 200, pack) : error(response, 404, "not_found", "Pack not found");
  }
  return error(response, 404, "not_found", `Resource ${path} not found`);
}

async function control(name, rest, request, response) {
  const body = ["PUT", "POST"].includes(request.method) ? await readBody(request) : "";
  const data = body ? JSON.parse(body) : undefined;
  if (rest === "" && request.method === "PUT") {
    sellers.set(name, fresh(name, data));
    return json(response, 200, {});
  }
  const seller = sellerOf(name);
  if (controlClaims(seller, rest, request.method, data, response)) return;
  if (controlOps(seller, rest, data, response)) return;
  if (rest.startsWith("/bench-")) return benchControl(seller, rest, data, response);
  if (rest === "/orders") {
    seller.sortedOrders = null;
    for (const order of data) {
      seller.clock += 1000;
      seller.orders.set(String(order.id), {
        ...order,
        date_last_updated: new Date(seller.clock).toISOString(),
      });
    }
    return json(response, 200, {});
  }
  if (rest === "/shipments") {
    for (const shipment of data) seller.shipments.set(String(shipment.id), shipment);
    return json(response, 200, {});
  }
  if (rest === "/packs") {
    for (const pack of data) seller.packs.set(String(pack.id), pack);
    return json(response, 200, {});
  }
  if (rest === "/billing") {
    for (const [orderId, billing] of Object.entries(data)) seller.billing.set(orderId, billing);
    return json(response, 200, {});
  }
  if (rest === "/faults") {
    seller.faults = data;
    return json(response, 200, {});
  }
  if (rest === "/expire") {
    for (const token of seller.accessTokens.keys()) seller.accessTokens.set(token, 0);
    return json(response, 200, {});
  }
  if (rest === "/state") {
    return json(response, 200, { refreshes: seller.refreshes, refreshToken: seller.refreshToken });
  }
  if (rest === "/requests") return json(response, 200, seller.requests);
  if (rest === "/trapped") return json(response, 200, trapped.get(name) ?? []);
  if (rest === "/notify") {
    const notification = {
      _id: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
      resource: data.resource,
      user_id: data.userId ?? seller.sellerId,
      topic: data.topic,
      application_id: data.applicationId ?? Number(seller.clientId),
      attempts: 1,
      sent: new Date().toISOString(),
      received: new Date().toISOString(),
    };
    // without `url`: the notification as Mercado Livre would send it, for the test to deliver
    if (!data.url) return json(response, 200, notification);
    const started = Date.now();
    const answer = await fetch(data.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(data.headers ?? {}) },
      body: JSON.stringify(notification),
    });
    const text = await answer.text();
    return json(response, 200, { status: answer.status, ms: Date.now() - started, body: text });
  }
  if (stockControl(seller, rest, request.method, data, response, { json })) return;
  return error(response, 404, "not_found", "no such control");
}

/** Requests answered since the double started (any seller, control included). */
let answered = 0;

const server = createServer(async (request, response) => {
  answered++;
  try {
    const url = new URL(request.url, "http://127.0.0.1");
    // the double's own cost, for the benchmark to tell it from the adapter's
    if (url.pathname === "/_stats") {
      const { user, system } = process.cpuUsage();
      return json(response, 200, { requests: answered, cpuMs: (user + system) / 1000 });
    }
    const controlMatch = /^\/_control\/([\w-]+)(\/.*)?$/.exec(url.pathname);
    if (controlMatch) return await control(controlMatch[1], controlMatch[2] ?? "", request, response);
    const apiMatch = /^\/ml\/([\w-]+)(\/.*)$/.exec(url.pathname);
    if (!apiMatch) return error(response, 404, "not_found", "unknown seller");
    const seller = sellerOf(apiMatch[1]);
    const path = apiMatch[2];
    const { authorization: _token, ...headers } = request.headers;
    seller.requests.push({
      method: request.method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers,
    });
    if (path === "/oauth/token" && request.method === "POST")
      return await oauthToken(seller, request, response);
    if (/^\/post-purchase\/|^\/packs\/\d+\/fiscal_documents$/.test(path))
      return await api(seller, path, url, request, response);
    if (await handleStock(seller, request, path, response, { applyFault, authorised, json, error })) return;
    if (request.method !== "GET") return error(response, 405, "method_not_allowed", "method not allowed");
    return await api(seller, path, url, request, response);
  } catch (failure) {
    if (!response.headersSent) error(response, 500, "double_failure", String(failure));
  }
});

trap.listen(0, "127.0.0.1", () => {
  trapOrigin = `http://127.0.0.1:${trap.address().port}`;
  server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
});
