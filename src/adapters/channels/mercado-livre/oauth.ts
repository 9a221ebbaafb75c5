/**
 * Mercado Livre's OAuth 2.0 (authorization code grant): the authorization URL the seller opens,
 * and `POST /oauth/token` (form-encoded `grant_type` `authorization_code` or `refresh_token`,
 * `client_id`, `client_secret`, `code`/`refresh_token`, `redirect_uri`). The answer is
 * `{access_token, token_type, expires_in, scope, user_id, refresh_token}`; the access token lasts
 * `expires_in` seconds (21600, 6 h) and the refresh token is single use. A refusal is 400
 * `{message, error: "invalid_grant" | "invalid_client" | ..., status, cause}`.
 */
import { z } from "zod";
import { jsonOf, type OutboundAnswer, outboundFetch } from "../../../platform/outbound";
import { ChannelError } from "../types";
import { ML_PARTY, mlCallFailure } from "./failures";
import { ML_AUTHORIZATION_URL, type MlTokenGrant } from "./types";

/** The token endpoint refused the grant (code or refresh token used, expired or revoked). */
export class OAuthRefused extends Error {
  override readonly name = "OAuthRefused";
  constructor(
    /** `error: message` as Mercado Livre wrote it (never a token). */
    readonly reason: string,
  ) {
    super(reason);
  }
}

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  user_id: z.union([z.number().int(), z.string().min(1)]),
});

const ErrorAnswer = z.object({
  error: z.string().max(100),
  message: z.string().max(300).optional(),
});

export function authorizationUrl(clientId: string, redirectUri: string, state: string): string {
  const url = new URL(ML_AUTHORIZATION_URL);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("state", state);
  return url.toString();
}

type TokenEndpoint = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The address rule's mode (production: https on a public host only). */
  production: boolean;
  timeoutMs?: number;
};

/** Largest answer of the token endpoint read (a token answer is well under 1 KB). */
const TOKEN_ANSWER_MAX_BYTES = 64 * 1024;

/**
 * `POST {baseUrl}/oauth/token` through the outbound helper (the address rule, no redirect
 * followed: the secret and the refresh token are never sent to another address, the answer
 * bounded): the new pair, or `OAuthRefused` (400/401/403 with an OAuth error). Anything else is a
 * ChannelError whose `detail.reason` says what came back: `outbound` (redirect, address, network,
 * too large), `timeout`, `invalid_answer` (not JSON, or JSON without the pair).
 */
export async function exchangeToken(
  endpoint: TokenEndpoint,
  grant:
    | { grant_type: "refresh_token"; refresh_token: string }
    | { grant_type: "authorization_code"; code: string; redirect_uri: string },
  now = Date.now(),
): Promise<MlTokenGrant> {
  let response: OutboundAnswer;
  try {
    response = await outboundFetch(
      `${endpoint.baseUrl.replace(/\/$/, "")}/oauth/token`,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({
          client_id: endpoint.clientId,
          client_secret: endpoint.clientSecret,
          ...grant,
        }).toString(),
      },
      {
        party: ML_PARTY,
        production: endpoint.production,
        timeoutMs: endpoint.timeoutMs ?? 15_000,
        maxBytes: TOKEN_ANSWER_MAX_BYTES,
      },
    );
  } catch (error) {
    throw mlCallFailure(error);
  }
  const body = jsonOf(response);
  const contentType = response.headers.get("Content-Type")?.split(";")[0]?.trim() || "sem Content-Type";
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    const refusal = ErrorAnswer.safeParse(body);
    if (!refusal.success)
      throw new ChannelError("invalid_answer", {
        reason: `recusa sem o erro OAuth (HTTP ${response.status}, ${contentType})`,
      });
    throw new OAuthRefused(
      refusal.data.message ? `${refusal.data.error}: ${refusal.data.message}` : refusal.data.error,
    );
  }
  if (response.status < 200 || response.status >= 300)
    throw new ChannelError("timeout", { reason: `HTTP ${response.status}; tente novamente mais tarde` });
  if (body === undefined)
    throw new ChannelError("invalid_answer", {
      reason: `resposta que não é JSON (HTTP ${response.status}, ${contentType})`,
    });
  const answer = TokenAnswer.safeParse(body);
  if (!answer.success)
    throw new ChannelError("invalid_answer", {
      reason: "resposta JSON sem access_token, refresh_token, expires_in e user_id válidos",
    });
  return {
    accessToken: answer.data.access_token,
    refreshToken: answer.data.refresh_token,
    accessExpiresAt: new Date(now + answer.data.expires_in * 1000),
    sellerId: String(answer.data.user_id),
  };
}
