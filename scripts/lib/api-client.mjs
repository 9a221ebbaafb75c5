// The one way the scripts call the API: JSON in, JSON out, the JWT scheme of the service, and any
// status other than the expected one is an error naming the call. Works over the network (`fetch`)
// or in-process (Miniflare's `dispatchFetch`).

export class ApiCallError extends Error {
  constructor(method, path, status, body) {
    const reason =
      body?.errorMessage ?? (typeof body === "string" ? body.slice(0, 300) : JSON.stringify(body));
    super(`${method} ${path} answered ${status}: ${reason}`);
    this.status = status;
    this.body = body;
  }
}

/**
 * `baseUrl` is the API root with its version (`http://127.0.0.1:8787/1.0`). Paths starting with
 * `http` are used as they are (signed upload URLs). `fetch` defaults to the global one.
 */
export function apiClient(baseUrl, { fetch: fetchFn = globalThis.fetch } = {}) {
  const root = baseUrl.replace(/\/+$/, "");
  let token = null;
  async function call(method, path, body, { expect = 200, token: callToken } = {}) {
    const bearer = callToken === undefined ? token : callToken;
    const response = await fetchFn(path.startsWith("http") ? path : `${root}${path}`, {
      method,
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(bearer ? { Authorization: `JWT ${bearer}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    if (response.status !== expect) throw new ApiCallError(method, path, response.status, json);
    return json;
  }
  return {
    call,
    /** Signs in and keeps the token for the following calls; answers it. */
    async signIn(email, password) {
      const { Token } = await call(
        "POST",
        "/user/signin/local",
        { Email: email, Password: password },
        { token: null },
      );
      token = Token;
      return Token;
    },
    get token() {
      return token;
    },
    set token(value) {
      token = value;
    },
  };
}
