// How the scripts reach the local API from Node. An account is the left-most label of the host
// (`demo.localhost:8787`): browsers and curl resolve `*.localhost` to this machine themselves, Node's
// resolver (the system's) often does not (`getaddrinfo ENOTFOUND demo.localhost`), and Node's fetch
// ignores a Host header. So a request to `localhost` or `*.localhost` goes through node:http to
// 127.0.0.1 with the account's Host, as the node tests do; any other address through the global fetch.
import { request as httpRequest } from "node:http";

/** The API's address for the scripts: `API_URL` as given, else the `demo` account on `PORT` (8787). */
export function apiBaseFromEnv(env = process.env) {
  if (env.API_URL) return env.API_URL.replace(/\/+$/, "");
  return `http://demo.localhost:${env.PORT || 8787}`;
}

/** A connection that did not happen: nobody listening, an unknown host, a reset. */
export class CannotReach extends Error {
  constructor(url, cause) {
    super(`cannot reach ${url.origin} (${cause?.code ?? cause?.message ?? "no answer"})`);
    this.url = url;
    this.code = cause?.code;
  }
}

const CONNECTION_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ETIMEDOUT",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_SOCKET",
]);

const isLocalHost = (hostname) => hostname === "localhost" || hostname.endsWith(".localhost");

/** Resolves every name to 127.0.0.1 (only used for `*.localhost`). */
function loopback(_hostname, options, callback) {
  if (options?.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
  else callback(null, "127.0.0.1", 4);
}

async function overHttp(request) {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const headers = Object.fromEntries(request.headers);
  if (body) headers["content-length"] = String(body.byteLength);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: request.method, headers, lookup: loopback, signal: request.signal },
      (incoming) => {
        const chunks = [];
        incoming.on("data", (chunk) => chunks.push(chunk));
        incoming.once("error", reject);
        incoming.once("end", () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of [value].flat()) if (one !== undefined) answerHeaders.append(name, one);
          }
          const status = incoming.statusCode ?? 502;
          const noBody = [101, 204, 205, 304].includes(status) || request.method === "HEAD";
          resolve(
            new Response(noBody ? null : Buffer.concat(chunks), {
              status,
              statusText: incoming.statusMessage,
              headers: answerHeaders,
            }),
          );
        });
      },
    );
    outgoing.once("error", reject);
    outgoing.end(body);
  });
}

/**
 * `fetch` that reaches `*.localhost` on any machine (see above). A connection that does not happen
 * rejects with `CannotReach`; an answer, whatever its status, resolves as a Response.
 */
export async function localFetch(input, init) {
  const request = new Request(input, init);
  const url = new URL(request.url);
  try {
    return isLocalHost(url.hostname) && url.protocol === "http:"
      ? await overHttp(request)
      : await fetch(request);
  } catch (error) {
    const cause = error?.cause ?? error;
    if (CONNECTION_ERRORS.has(cause?.code)) throw new CannotReach(url, cause);
    throw error;
  }
}

/** What to tell someone whose API did not answer at `base`: how to start it, on which port. */
export function startAdvice(base) {
  const url = new URL(base);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const start = port === "8787" ? "npm start" : `PORT=${port} npm start`;
  return [
    `Nothing answers at ${url.origin}: is the API running?`,
    `Start it in another terminal with \`${start}\` and run this again once it prints "Ready".`,
    "Another port: PORT=<port> for both commands; another server: API_URL=http://<account>.localhost:<port>.",
  ].join("\n");
}
