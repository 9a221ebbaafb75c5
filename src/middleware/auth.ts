import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { type ErrorCode, unauthorized } from "../lib/errors";
import { jwtSecret, readToken } from "../platform/jwt";

const AUTHORIZATION = /^(?:JWT|Bearer) +([A-Za-z0-9._-]+)$/i;

/** Routes a browser opens directly (shipping labels) may carry the token in `?token=` instead of the header. */
const QUERY_TOKEN_ROUTES = /^\/(?:\d+\.\d+\/)?hub\/resource\/\d+$/;

const SIGN_IN = "entre em POST /user/signin/local e envie `Authorization: JWT <Token>`";

/** What the 401 of each refused credential says beside the spec's `Não autorizado`. */
const REFUSALS = {
  token_missing: `Nenhum token enviado: ${SIGN_IN}`,
  token_malformed: `O cabeçalho Authorization deve ser \`JWT <token>\` (ou \`Bearer <token>\`) com um JWT de três partes: ${SIGN_IN}`,
  token_invalid: `Token não emitido por esta API (assinatura, algoritmo ou claims recusados): ${SIGN_IN}`,
  token_expired: `Token expirado: ${SIGN_IN} de novo`,
  token_other_account: "Token emitido para outra conta: use o token da conta deste endereço (o subdomínio)",
} satisfies Partial<Record<ErrorCode, string>>;

const refuse = (code: keyof typeof REFUSALS, detail: string = REFUSALS[code]) =>
  unauthorized({ code, detail });

function queryToken(url: string): string {
  const { pathname, searchParams } = new URL(url);
  const token = QUERY_TOKEN_ROUTES.test(pathname) ? searchParams.get("token") : null;
  return token ? `JWT ${token}` : "";
}

/**
 * Requires `Authorization: JWT <token>` (or `Bearer`) whose account claim is the account of the host.
 * Every refusal is the spec's 401 `Não autorizado`; `code` and `detail` say which check failed.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const secret = jwtSecret(c.env);
  const header = c.req.header("Authorization")?.trim() || queryToken(c.req.url);
  if (!header) throw refuse("token_missing");
  const match = AUTHORIZATION.exec(header);
  if (!match) throw refuse("token_malformed");
  const read = await readToken(secret, match[1]!);
  if (!("caller" in read)) {
    if (read.reason === "malformed") throw refuse("token_malformed");
    if (read.reason === "invalid") throw refuse("token_invalid");
    const at = new Date(read.expiredAt * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
    throw refuse("token_expired", `Token expirado em ${at}: ${SIGN_IN} de novo`);
  }
  if (read.caller.account !== c.get("account")) throw refuse("token_other_account");
  c.set("caller", read.caller);
  await next();
});
