// The webhook receiver of the workers tests, in a Node process of its own (forked by
// webhook-receiver.setup.mjs), so that a busy vitest main process never delays its answers past the
// Worker's delivery timeout. Each test uses its own path `/hook/<name>` and drives it through
// `/_control/<name>`:
//   PUT  {secrets: [...], script: [500, "timeout", "close", 200, 410...], otherwise: 200}
//        answers the deliveries in script order, then `otherwise`; "timeout" holds the answer past
//        the Worker's timeout, "close" drops the connection without an answer, {redirect: 307,
//        to: "<url>"} answers that status with `Location: <url>`, {status: 200, bytes: n} a body of n bytes;
//   GET  the deliveries received: headers, raw body, which secrets verified (the example code of docs/WEBHOOKS.md).
import { createServer } from "node:http";
import { verifyWebhook } from "../../scripts/lib/verify-webhook.mjs";

const hooks = new Map();
const hookOf = (name) => {
  if (!hooks.has(name)) hooks.set(name, { secrets: [], script: [], otherwise: 200, received: [] });
  return hooks.get(name);
};

const readBody = (request) =>
  new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

async function handle(request, response) {
  const [, kind, name] = (request.url ?? "").split("?")[0].split("/");
  const body = await readBody(request);
  if (kind === "_control" && request.method === "PUT") {
    const hook = hookOf(name);
    Object.assign(hook, JSON.parse(body || "{}"));
    response.writeHead(204).end();
    return;
  }
  if (kind === "_control") {
    response
      .writeHead(200, { "Content-Type": "application/json" })
      .end(JSON.stringify(hookOf(name).received));
    return;
  }
  if (kind !== "hook") {
    response.writeHead(404).end();
    return;
  }
  const hook = hookOf(name);
  const action = hook.script.length > 0 ? hook.script.shift() : hook.otherwise;
  const signature = request.headers["x-signature"];
  hook.received.push({
    headers: request.headers,
    body,
    verifiedWith: hook.secrets.filter((secret) => verifyWebhook(secret, signature, body)),
    action,
    at: Date.now(),
  });
  if (action === "close") {
    request.socket.destroy();
    return;
  }
  if (typeof action === "object" && action?.redirect) {
    response.writeHead(action.redirect, { Location: action.to }).end();
    return;
  }
  if (typeof action === "object" && action?.bytes) {
    response.writeHead(action.status ?? 200, { "Content-Type": "text/plain" }).end("x".repeat(action.bytes));
    return;
  }
  if (action === "timeout") {
    setTimeout(() => response.writeHead(200).end(), 10_000).unref();
    return;
  }
  response.writeHead(Number(action)).end(String(action));
}

const server = createServer((request, response) => {
  handle(request, response).catch(() => response.writeHead(500).end());
});
server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
process.on("disconnect", () => process.exit(0));
