// Pluggy's API on loopback for the workers tests, in a Node process of its own (forked by
// pluggy-double.setup.mjs), written from Pluggy's API reference (docs.pluggy.ai: Authentication, Basic
// concepts, Rate limits, Webhooks) and the request/response types of its public SDK
// (pluggyai/pluggy-node): `POST /auth` (an API key, a JWT with `exp`, sent back as `X-API-KEY`),
// `GET /items/{id}`, `PATCH /items/{id}` (an update: UPDATING, then UPDATED at the next read), `GET /consents?itemId=`, `GET /accounts?itemId=` (page numbers),
// `GET /v2/transactions` (cursor: `next` is the query string of the next page with its `after`),
// `POST /webhooks` / `GET /webhooks`, errors as `{code, codeDescription?, message}`. Each test uses its
// own application under `/pluggy/<name>` (the adapter's baseUrl) and drives it through `/_control/<name>`:
//   PUT  /_control/<name>                 {clientId, clientSecret, apiKeyTtlSeconds?, pageSize?}: a fresh application
//   PUT  /_control/<name>/items/<id>      fields of the Item (merged over an UPDATED/SUCCESS item)
//   PUT  /_control/<name>/consents/<item> [Consent]
//   PUT  /_control/<name>/accounts        [Account]
//   POST /_control/<name>/transactions    [Transaction]: added (same id: replaced); `transactions/created`
//   POST /_control/<name>/seed            [Transaction]: added in bulk (same id: replaced), no notification
//                                          (a benchmark's 10,000 movements: scripts/bench-openfinance.mjs)
//   POST /_control/<name>/post/<txId>     {date, amount?}: the pending movement posts, possibly on another
//                                          date, same id; `transactions/updated`
//   POST /_control/<name>/recreate/<txId> {id, date?, status?, description?}: deleted and created again with
//                                          a new id and nothing linking them; `transactions/deleted` then `/created`
//   POST /_control/<name>/delete/<txId>   deleted; `transactions/deleted`
//   PUT  /_control/<name>/duplicates      [txId]: these rows are answered twice on their page
//   POST /_control/<name>/revoke/<item>   the item's latest consent is revoked now (`revokedAt`)
//   POST /_control/<name>/login-error/<item> the item ends in LOGIN_ERROR/INVALID_CREDENTIALS; `item/error`
//   PUT  /_control/<name>/faults          [{on: "auth"|"api"|"transactions", mode, retryAfter?, rateLimitReset?}]:
//        the next matching requests fail in order: "expire-key" (the key presented has expired: 401),
//        "401", "429" (`Retry-After`, `RateLimit-Reset` as Pluggy sends them), "500", "503", "garbage"
//        (200 that is not JSON), "wrong-shape" (200 JSON of another shape), "stall" (no answer until the
//        client gives up), "redirect" (302 to `/pluggy/<name>-moved/...`), "huge" (5 MiB of JSON),
//        "repeat-cursor" (the page answers the cursor it was asked for), "pass" (answered normally)
//   POST /_control/<name>/notify          {event, ...}: sent now to every webhook of that event (or `all`),
//                                          with the headers given at the webhook's creation
//   GET  /_control/<name>/requests | keys | deliveries
// Notifications (from the scripted actions or `notify`) go to the webhooks created by `POST /webhooks`
// with their custom `headers`, as Pluggy sends them; each has its own `eventId` unless `notify` names one.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { localFetch } from "../../scripts/lib/local-fetch.mjs";

const apps = new Map();
const fresh = (settings = {}) => ({
  clientId: "double-client",
  clientSecret: "double-secret",
  apiKeyTtlSeconds: 7200,
  pageSize: 500,
  ...settings,
  keys: new Map(),
  keyCounts: { requested: 0, issued: 0, refused: 0 },
  items: new Map(),
  consents: new Map(),
  accounts: [],
  transactions: [],
  /** `transactions` in page order (date, then id), kept until they change. */
  sorted: null,
  duplicates: new Set(),
  faults: [],
  requests: [],
  webhooks: [],
  deliveries: [],
});
const appOf = (name) => {
  if (!apps.has(name)) apps.set(name, fresh());
  return apps.get(name);
};

const readBody = (request) =>
  new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

const json = (response, status, body, headers = {}) =>
  response.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
const error = (response, status, message, codeDescription) =>
  json(response, status, { code: status, ...(codeDescription ? { codeDescription } : {}), message });

const b64url = (text) => Buffer.from(text).toString("base64url");
/** A JWT-shaped key (header.payload.signature) whose payload carries `exp`, as Pluggy's keys do. */
function issueKey(app) {
  const exp = Math.floor(Date.now() / 1000) + app.apiKeyTtlSeconds;
  const key = `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify({ id: app.clientId, exp, jti: randomUUID() }))}.${b64url(randomUUID())}`;
  app.keys.set(key, exp * 1000);
  app.keyCounts.issued++;
  return key;
}

/** São Paulo calendar date of a transaction's `date` (UTC-3, no daylight saving since 2019). */
const spDate = (iso) => new Date(Date.parse(iso) - 3 * 3600_000).toISOString().slice(0, 10);
const sortKey = (tx) => `${tx.date}|${tx.id}`;
/**
 * The application's transactions in page order, each with its São Paulo day, sort key and JSON text,
 * worked out once per change rather than on every page (a benchmark reads 20 pages of 10,000).
 */
const sortedTransactions = (app) => {
  app.sorted ??= app.transactions
    .map((tx) => ({ tx, day: spDate(tx.date), key: sortKey(tx), json: JSON.stringify(tx) }))
    .sort((a, b) => a.key.localeCompare(b.key));
  return app.sorted;
};
/** Adds or replaces transactions by id; the page order is sorted again on the next read. */
function store(app, added) {
  const index = new Map(app.transactions.map((tx, i) => [tx.id, i]));
  for (const tx of added) {
    const at = index.get(tx.id);
    if (at === undefined) {
      index.set(tx.id, app.transactions.length);
      app.transactions.push(tx);
    } else app.transactions[at] = tx;
  }
  app.sorted = null;
}

const defaultItem = (id) => ({
  id,
  connector: { id: 601, name: "Banco Double Open Finance", type: "PERSONAL_BANK", isOpenFinance: true },
  status: "UPDATED",
  executionStatus: "SUCCESS",
  statusDetail: null,
  error: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: new Date().toISOString(),
  lastUpdatedAt: new Date().toISOString(),
  parameter: null,
  webhookUrl: null,
  clientUserId: null,
  userAction: null,
  consecutiveFailedLoginAttempts: 0,
  nextAutoSyncAt: null,
  consentExpiresAt: "2027-11-01T00:00:00.000Z",
});

function pageOf(list, page, size = 20) {
  const total = list.length;
  return {
    total,
    totalPages: Math.max(1, Math.ceil(total / size)),
    page,
    results: list.slice((page - 1) * size, page * size),
  };
}

/** Sends `payload` to every webhook of its event (or `all`), as Pluggy does, and records the answers. */
async function notify(app, payload) {
  const eventId = payload.eventId ?? randomUUID();
  const body = { id: eventId, eventId, clientId: app.clientId, ...payload };
  const sent = [];
  for (const hook of app.webhooks) {
    if (hook.event !== body.event && hook.event !== "all") continue;
    let status;
    try {
      const answer = await localFetch(hook.url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(hook.headers ?? {}) },
        body: JSON.stringify(body),
      });
      status = answer.status;
    } catch (e) {
      status = `error: ${e?.message ?? e}`;
    }
    const delivery = { url: hook.url, event: body.event, eventId, status, body };
    app.deliveries.push(delivery);
    sent.push(delivery);
  }
  return sent;
}

function applyFault(app, name, on, request, response, query) {
  const index = app.faults.findIndex(
    (fault) => (fault.on ?? "api") === on || (on === "transactions" && (fault.on ?? "api") === "api"),
  );
  if (index === -1) return false;
  const [fault] = app.faults.splice(index, 1);
  switch (fault.mode) {
    case "expire-key": {
      const key = request.headers["x-api-key"];
      if (key) app.keys.set(key, 0);
      return false; // the request goes on and meets its expired key
    }
    case "401":
      if (on === "auth") error(response, 401, "Client keys are invalid", "CLIENT_KEYS_UNAUTHORIZED");
      else error(response, 401, "Unauthorized");
      return true;
    case "429":
      json(
        response,
        429,
        {
          code: 429,
          message: "Too many requests. Please try again later (see Retry-After header in seconds)",
        },
        {
          "Retry-After": String(fault.retryAfter ?? "60"),
          "RateLimit-Limit": "360",
          ...(fault.rateLimitReset !== undefined ? { "RateLimit-Reset": String(fault.rateLimitReset) } : {}),
        },
      );
      return true;
    case "500":
      error(response, 500, "Internal server error");
      return true;
    case "503":
      error(response, 503, "Service unavailable");
      return true;
    case "garbage":
      response
        .writeHead(200, { "Content-Type": "text/html" })
        .end("<html><body>Gateway maintenance</body></html>");
      return true;
    case "wrong-shape":
      json(response, 200, { data: [{ id: 1 }], ok: true });
      return true;
    case "redirect": {
      const rest = new URL(request.url ?? "/", "http://double").pathname.split("/").slice(3).join("/");
      response
        .writeHead(302, { Location: `/pluggy/${name}-moved/${rest}`, "Content-Type": "text/plain" })
        .end("Moved");
      return true;
    }
    case "huge":
      response
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ results: [], next: null, padding: "x".repeat(5 * 1024 * 1024) }));
      return true;
    case "stall":
      setTimeout(() => response.destroy(), 60_000).unref();
      return true;
    case "repeat-cursor":
      query.repeatCursor = true;
      return false;
    default:
      return false;
  }
}

function listTransactions(app, params, response, repeatCursor) {
  const accountId = params.get("accountId");
  if (!accountId) return error(response, 400, "accountId is required");
  const dateFrom = params.get("dateFrom");
  const dateTo = params.get("dateTo");
  const createdAtFrom = params.get("createdAtFrom");
  if (dateFrom && createdAtFrom)
    return error(response, 400, "dateFrom and createdAtFrom are mutually exclusive");
  const ids = params.get("ids")?.split(",").filter(Boolean);
  if (ids && ids.length > 500) return error(response, 400, "ids: at most 500");
  for (const date of [dateFrom, dateTo]) {
    if (date && Number.isNaN(Date.parse(date))) return error(response, 400, "invalid date");
  }
  const from = dateFrom?.slice(0, 10);
  const to = dateTo?.slice(0, 10);
  const createdFrom = createdAtFrom ? Date.parse(createdAtFrom) : null;
  const found = sortedTransactions(app).filter(
    ({ tx, day }) =>
      tx.accountId === accountId &&
      (!from || day >= from) &&
      (!to || day <= to) &&
      (createdFrom === null || Date.parse(tx.createdAt) >= createdFrom) &&
      (!ids || ids.includes(tx.id)),
  );
  const after = params.get("after");
  let start = 0;
  if (after) {
    const last = Buffer.from(after, "base64").toString("utf8");
    start = found.findIndex(({ key }) => key > last);
    if (start === -1) start = found.length;
  }
  const page = found.slice(start, start + app.pageSize);
  const results = page.flatMap((row) => (app.duplicates.has(row.tx.id) ? [row.json, row.json] : [row.json]));
  let next = null;
  if (start + app.pageSize < found.length) {
    const cursor = repeatCursor && after ? after : Buffer.from(page.at(-1).key).toString("base64");
    const nextParams = new URLSearchParams(params);
    nextParams.set("after", cursor);
    next = `?${nextParams.toString()}`;
  }
  // the text JSON.stringify({ results, next }) gives, each row's JSON written once per change
  response
    .writeHead(200, { "Content-Type": "application/json" })
    .end(`{"results":[${results.join(",")}],"next":${JSON.stringify(next)}}`);
}

const transaction = (tx) => {
  const now = new Date().toISOString();
  return {
    description: "",
    descriptionRaw: null,
    currencyCode: "BRL",
    amountInAccountCurrency: null,
    balance: 0,
    category: null,
    categoryId: null,
    status: "POSTED",
    providerCode: null,
    providerId: null,
    operationType: null,
    paymentData: null,
    creditCardMetadata: null,
    merchant: null,
    createdAt: now,
    updatedAt: now,
    ...tx,
  };
};

async function control(name, action, arg, method, body, response) {
  if (!action && method === "PUT") {
    apps.set(name, fresh(JSON.parse(body || "{}")));
    return response.writeHead(204).end();
  }
  const app = appOf(name);
  const input = body ? JSON.parse(body) : undefined;
  const itemOfAccount = (accountId) => app.accounts.find((a) => a.id === accountId)?.itemId ?? null;
  const find = (id) => app.transactions.findIndex((tx) => tx.id === id);
  // every change below goes through here, so the page order is sorted again on the next read
  app.sorted = null;
  switch (`${method} ${action}`) {
    case "PUT items":
      app.items.set(arg, { ...(app.items.get(arg) ?? defaultItem(arg)), ...input });
      return response.writeHead(204).end();
    case "PUT consents":
      app.consents.set(arg, input);
      return response.writeHead(204).end();
    case "PUT accounts":
      app.accounts = input;
      return response.writeHead(204).end();
    case "PUT duplicates":
      app.duplicates = new Set(input);
      return response.writeHead(204).end();
    case "PUT faults":
      app.faults = input;
      return response.writeHead(204).end();
    case "POST webhooks":
      app.webhooks.push({ id: randomUUID(), ...input });
      return response.writeHead(204).end();
    case "POST transactions": {
      const added = input.map(transaction);
      const createdAtFrom = added.reduce(
        (min, tx) => (tx.createdAt < min ? tx.createdAt : min),
        added[0]?.createdAt,
      );
      store(app, added);
      const sent = [];
      for (const accountId of new Set(added.map((tx) => tx.accountId))) {
        sent.push(
          ...(await notify(app, {
            event: "transactions/created",
            itemId: itemOfAccount(accountId),
            accountId,
            transactionsCreatedAtFrom: createdAtFrom,
            createdTransactionsLink: `/transactions?accountId=${accountId}&createdAtFrom=${createdAtFrom}`,
          })),
        );
      }
      return json(response, 200, { sent });
    }
    case "POST seed":
      store(app, input.map(transaction));
      sortedTransactions(app); // the page order ready before the first page is asked
      return json(response, 200, { stored: input.length, total: app.transactions.length });
    case "POST post": {
      const index = find(arg);
      if (index === -1) return response.writeHead(404).end();
      const tx = app.transactions[index];
      app.transactions[index] = {
        ...tx,
        status: "POSTED",
        date: input?.date ?? tx.date,
        ...(input?.amount !== undefined ? { amount: input.amount } : {}),
        updatedAt: new Date().toISOString(),
      };
      const sent = await notify(app, {
        event: "transactions/updated",
        itemId: itemOfAccount(tx.accountId),
        accountId: tx.accountId,
        transactionIds: [arg],
      });
      return json(response, 200, { transaction: app.transactions[index], sent });
    }
    case "POST recreate":
    case "POST delete": {
      const index = find(arg);
      if (index === -1) return response.writeHead(404).end();
      const [old] = app.transactions.splice(index, 1);
      const sent = await notify(app, {
        event: "transactions/deleted",
        itemId: itemOfAccount(old.accountId),
        accountId: old.accountId,
        transactionIds: [arg],
      });
      if (action === "delete") return json(response, 200, { sent });
      const now = new Date().toISOString();
      const created = {
        ...old,
        id: input?.id ?? randomUUID(),
        ...(input?.date ? { date: input.date } : {}),
        ...(input?.status ? { status: input.status } : {}),
        ...(input?.description ? { description: input.description } : {}),
        createdAt: now,
        updatedAt: now,
      };
      app.transactions.push(created);
      sent.push(
        ...(await notify(app, {
          event: "transactions/created",
          itemId: itemOfAccount(old.accountId),
          accountId: old.accountId,
          transactionsCreatedAtFrom: now,
          createdTransactionsLink: `/transactions?accountId=${old.accountId}&createdAtFrom=${now}`,
        })),
      );
      return json(response, 200, { transaction: created, sent });
    }
    case "POST revoke": {
      const consents = app.consents.get(arg) ?? [];
      const latest = [...consents].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
      if (!latest) return response.writeHead(404).end();
      latest.revokedAt = new Date().toISOString();
      return response.writeHead(204).end();
    }
    case "POST login-error": {
      const item = { ...(app.items.get(arg) ?? defaultItem(arg)) };
      item.status = "LOGIN_ERROR";
      item.executionStatus = "INVALID_CREDENTIALS";
      item.error = { code: "INVALID_CREDENTIALS", message: "Invalid credentials." };
      item.consecutiveFailedLoginAttempts++;
      app.items.set(arg, item);
      const sent = await notify(app, {
        event: "item/error",
        itemId: arg,
        error: item.error,
        triggeredBy: "SYNC",
      });
      return json(response, 200, { sent });
    }
    case "POST notify":
      return json(response, 200, { sent: await notify(app, input) });
    case "GET requests":
      return json(response, 200, app.requests);
    case "GET keys":
      return json(response, 200, app.keyCounts);
    case "GET deliveries":
      return json(response, 200, app.deliveries);
    default:
      return response.writeHead(404).end();
  }
}

async function handle(request, response) {
  const url = new URL(request.url ?? "/", "http://double");
  const parts = url.pathname.split("/").filter(Boolean);
  const body = await readBody(request);
  if (parts[0] === "_control") {
    const [, name, action, ...rest] = parts;
    return control(name, action, rest.map(decodeURIComponent).join("/"), request.method, body, response);
  }
  if (parts[0] !== "pluggy" || !parts[1]) return response.writeHead(404).end();
  const name = parts[1];
  const app = appOf(name);
  const path = `/${parts.slice(2).join("/")}`;
  app.requests.push({
    method: request.method,
    path,
    query: Object.fromEntries(url.searchParams),
    headers: request.headers,
    body,
  });
  if (path === "/auth" && request.method === "POST") {
    app.keyCounts.requested++;
    if (applyFault(app, name, "auth", request, response, {})) return;
    let credentials;
    try {
      credentials = JSON.parse(body);
    } catch {
      return error(response, 400, "Invalid body");
    }
    if (credentials?.clientId !== app.clientId || credentials?.clientSecret !== app.clientSecret) {
      return error(response, 401, "Client keys are invalid", "CLIENT_KEYS_UNAUTHORIZED");
    }
    return json(response, 200, { apiKey: issueKey(app) });
  }
  const on = path === "/v2/transactions" ? "transactions" : "api";
  const query = {};
  if (applyFault(app, name, on, request, response, query)) return;
  const key = request.headers["x-api-key"];
  const expiresAt = typeof key === "string" ? app.keys.get(key) : undefined;
  if (expiresAt === undefined || expiresAt <= Date.now()) {
    app.keyCounts.refused++;
    return error(response, 401, "Unauthorized");
  }
  const item = /^\/items\/([^/]+)$/.exec(path);
  if (item && request.method === "GET") {
    const found = app.items.get(decodeURIComponent(item[1]));
    if (found?.updateRequested) {
      // the update asked by PATCH has finished by the next read
      delete found.updateRequested;
      Object.assign(found, {
        status: "UPDATED",
        executionStatus: "SUCCESS",
        lastUpdatedAt: new Date().toISOString(),
      });
    }
    return found ? json(response, 200, found) : error(response, 404, "Item not found");
  }
  if (item && request.method === "PATCH") {
    const found = app.items.get(decodeURIComponent(item[1]));
    if (!found) return error(response, 404, "Item not found");
    if (found.status !== "LOGIN_ERROR") {
      Object.assign(found, {
        status: "UPDATING",
        executionStatus: "LOGIN_IN_PROGRESS",
        updateRequested: true,
      });
    }
    const { updateRequested: _flag, ...shown } = found;
    return json(response, 200, shown);
  }
  const page = Number(url.searchParams.get("page") ?? "1");
  if (path === "/consents" && request.method === "GET") {
    const itemId = url.searchParams.get("itemId");
    if (!app.items.has(itemId)) return error(response, 404, "Item not found");
    return json(response, 200, pageOf(app.consents.get(itemId) ?? [], page));
  }
  if (path === "/accounts" && request.method === "GET") {
    const itemId = url.searchParams.get("itemId");
    if (!app.items.has(itemId)) return error(response, 404, "Item not found");
    return json(
      response,
      200,
      pageOf(
        app.accounts.filter((a) => a.itemId === itemId),
        page,
      ),
    );
  }
  if (path === "/v2/transactions" && request.method === "GET") {
    return listTransactions(app, url.searchParams, response, query.repeatCursor);
  }
  if (path === "/webhooks" && request.method === "POST") {
    let hook;
    try {
      hook = JSON.parse(body);
    } catch {
      return error(response, 400, "Invalid body");
    }
    if (typeof hook?.url !== "string" || typeof hook?.event !== "string")
      return error(response, 400, "url and event are required");
    const now = new Date().toISOString();
    const created = {
      id: randomUUID(),
      url: hook.url,
      event: hook.event,
      headers: hook.headers ?? null,
      createdAt: now,
      updatedAt: now,
      disabledAt: null,
    };
    app.webhooks.push(created);
    const { headers: _hidden, ...shown } = created; // never shown back
    return json(response, 200, shown);
  }
  if (path === "/webhooks" && request.method === "GET") {
    return json(
      response,
      200,
      pageOf(
        app.webhooks.map(({ headers: _h, ...shown }) => shown),
        page,
      ),
    );
  }
  error(response, 404, "Not found");
}

const server = createServer((request, response) => {
  handle(request, response).catch(() => {
    if (!response.headersSent) response.writeHead(500).end();
  });
});
server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
process.on("disconnect", () => process.exit(0));
