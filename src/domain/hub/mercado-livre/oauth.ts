/**
 * Connecting a seller by OAuth 2.0: the authorization URL (`auth.mercadolivre.com.br/authorization`
 * with `response_type=code`, `client_id`, `redirect_uri` and a `state`) and the callback that
 * exchanges the `code` (`POST /oauth/token`, `grant_type=authorization_code`). The state is bound to
 * the integration and single use: only its SHA-256 is stored, it lasts 10 minutes.
 */
import { authorizationUrl } from "../../../adapters/channels/mercado-livre/oauth";
import type { ChannelCredentials } from "../../../adapters/channels/types";
import { findHubIntegration, updateHubIntegration } from "../../../db/hub/integrations";
import {
  changeMlConnection,
  consumeMlOauthState,
  findMlConnection,
  insertMlOauthState,
} from "../../../db/hub/ml-connections";
import type { Db } from "../../../env";
import { ApiError, badRequest } from "../../../lib/errors";
import { sha256OfBytes, toBase64Url } from "../../../lib/hashing";
import { decryptCredentials } from "../../../platform/credentials-cipher";
import { channelKindById } from "../channel-kinds";
import { findIntegration, type HubDeps } from "../integrations";
import { CREDENTIALS_KEY_MISSING } from "../messages";
import { ML_KIND_CODE, mlBaseUrlRefusal, mlGrant, sealTokens } from "./connection";
import {
  ML_APP_CREDENTIALS_MISSING,
  ML_NOT_MERCADO_LIVRE,
  ML_OAUTH_STATE_INVALID,
  ML_REDIRECT_URI_REQUIRED,
} from "./messages";

const STATE_TTL_MS = 10 * 60_000;
const utcText = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");
const hashState = async (state: string) => sha256OfBytes(new TextEncoder().encode(state));

async function mlApp(deps: Pick<HubDeps, "db" | "credentialsKey">, companyId: number, integrationId: number) {
  const row = await findIntegration(deps.db, companyId, integrationId);
  if (channelKindById(row.typeCompanyIntegrationId)?.code !== ML_KIND_CODE)
    throw badRequest(ML_NOT_MERCADO_LIVRE);
  if (!deps.credentialsKey) throw new ApiError(500, CREDENTIALS_KEY_MISSING);
  const app = row.credentials
    ? ((await decryptCredentials(
        deps.credentialsKey,
        companyId,
        row.credentials,
      )) as ChannelCredentials | null)
    : null;
  const connection = await findMlConnection(deps.db, companyId, integrationId);
  if (!app || !connection) throw badRequest(ML_APP_CREDENTIALS_MISSING);
  return { row, app, connection, key: deps.credentialsKey };
}

/** The URL the seller opens to authorise the app, with a fresh single-use state bound to the integration. */
export async function startMlAuthorization(
  deps: HubDeps,
  integrationId: number,
  redirectUri: string | undefined,
) {
  const { app } = await mlApp(deps, deps.companyId, integrationId);
  if (!redirectUri) throw badRequest(ML_REDIRECT_URI_REQUIRED);
  const refusal = mlBaseUrlRefusal(redirectUri, deps.production ?? true);
  if (refusal) throw badRequest(refusal.replace("BaseUrl", "RedirectUri"));
  const state = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const expiresAt = utcText(new Date(deps.now.getTime() + STATE_TTL_MS));
  await insertMlOauthState(deps.db, {
    stateHash: await hashState(state),
    companyId: deps.companyId,
    integrationId,
    redirectUri,
    expiresAt,
  });
  return { url: authorizationUrl(app.ClientId, redirectUri, state), state, expiresAt };
}

/**
 * The callback: the state is used once (unknown, used or expired: 400, nothing written), then the
 * code is exchanged and the tokens stored sealed; the integration becomes `Authenticated`.
 */
export async function finishMlAuthorization(
  deps: { db: Db; credentialsKey: string | undefined; now: Date; production: boolean },
  code: string,
  state: string,
): Promise<{ companyId: number; integrationId: number }> {
  const bound = await consumeMlOauthState(deps.db, await hashState(state), utcText(deps.now));
  if (!bound) throw badRequest(ML_OAUTH_STATE_INVALID);
  const { app, connection, key } = await mlApp(deps, bound.companyId, bound.integrationId);
  const grant = await mlGrant(
    {
      baseUrl: connection.baseUrl,
      clientId: app.ClientId,
      clientSecret: app.ClientSecret,
      production: deps.production,
    },
    { grant_type: "authorization_code", code, redirect_uri: bound.redirectUri },
  );
  const tokens = await sealTokens(key, bound.companyId, {
    accessToken: grant.accessToken,
    refreshToken: grant.refreshToken,
  });
  await changeMlConnection(
    deps.db,
    bound.companyId,
    bound.integrationId,
    {
      tokens,
      sellerId: grant.sellerId,
      clientId: app.ClientId,
      accessExpiresAt: utcText(grant.accessExpiresAt),
    },
    true,
  );
  await updateHubIntegration(deps.db, bound.companyId, bound.integrationId, {
    authState: "Authenticated",
    authReason: null,
  });
  const row = await findHubIntegration(deps.db, bound.companyId, bound.integrationId);
  if (!row) throw badRequest(ML_OAUTH_STATE_INVALID);
  return bound;
}
