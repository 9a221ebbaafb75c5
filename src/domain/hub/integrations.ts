import { channelAdapter } from "../../adapters/channels";
import { ML_DEFAULT_BASE_URL } from "../../adapters/channels/mercado-livre/types";
import type {
  ChannelAdapter,
  ChannelConnection,
  ChannelCredentials,
  SandboxSettings,
} from "../../adapters/channels/types";
import {
  findHubIntegration,
  type HubIntegrationChanges,
  type HubIntegrationRow,
  insertHubIntegration,
  listHubIntegrations,
  updateHubIntegration,
} from "../../db/hub/integrations";
import {
  changeMlConnection,
  findMlConnection,
  insertMlConnectionAfterIntegration,
} from "../../db/hub/ml-connections";
import { paymentTypeRows } from "../../db/registries/simple-registries";
import { warehouseRows } from "../../db/stock/registry";
import type { Db, Env } from "../../env";
import { ApiError, badRequest } from "../../lib/errors";
import { decryptCredentials, encryptCredentials } from "../../platform/credentials-cipher";
import { getCompany } from "../company/company";
import { callChannel } from "./channel-calls";
import { type ChannelKind, channelKindById } from "./channel-kinds";
import {
  ML_KIND_CODE,
  mlBaseUrlRefusal,
  mlGrant,
  mlSettingsOf,
  sealTokens,
} from "./mercado-livre/connection";
import { ML_FIELDS_NOT_ALLOWED } from "./mercado-livre/messages";
import {
  CREDENTIALS_KEY_MISSING,
  channelKindUnknown,
  HUB_INTEGRATION_NOT_FOUND,
  HUB_WAREHOUSE_NOT_FOUND,
  PAYMENT_TYPE_NOT_FOUND,
  SANDBOX_SETTINGS_NOT_ALLOWED,
} from "./messages";

/** What every hub operation needs besides its input: the database, the company and the credentials key. */
export type HubDeps = {
  db: Db;
  companyId: number;
  credentialsKey: string | undefined;
  now: Date;
  /** Production mode: a channel's BaseUrl must be https on a public host (default true). */
  production?: boolean;
};

export type AuthenticationStatus = "Authenticated" | "Expired" | "NotAuthenticated" | "Refused";

export const DEFAULT_SANDBOX: SandboxSettings = {
  Mode: "normal",
  Orders: 20,
  SkuCodes: ["SBX-CAMISETA-P", "SBX-CAMISETA-M", "SBX-BONE", "SBX-CANECA"],
};

export type IntegrationInput = {
  description?: string;
  /** `RefreshToken`: the seller's, for Mercado Livre only. */
  credentials?: ChannelCredentials & { RefreshToken?: string };
  /** The channel's API address (Mercado Livre only; default https://api.mercadolibre.com). */
  baseUrl?: string;
  /** UTC `YYYY-MM-DD HH:MM:SS`; null clears it. */
  credentialsExpireAt?: string | null;
  warehouseId?: number | null;
  paymentTypeId?: number | null;
  sandbox?: Partial<SandboxSettings>;
  /** Units kept back from the published stock (Mercado Livre): max(0, QtyAvailable - StockBuffer). */
  stockBuffer?: number;
};

/** A channel integration as the API shows it: never its credentials. */
export type ChannelIntegration = {
  row: HubIntegrationRow;
  kind: ChannelKind;
  status: AuthenticationStatus;
  sandbox: SandboxSettings;
};

export function sandboxSettings(stored: string): SandboxSettings {
  const parsed = JSON.parse(stored) as Partial<SandboxSettings>;
  return { ...DEFAULT_SANDBOX, ...parsed };
}

const utcText = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");
const utcDate = (text: string) => new Date(`${text.replace(" ", "T")}Z`);

export function authenticationStatus(row: HubIntegrationRow, now: Date): AuthenticationStatus {
  if (row.authState === "Refused") return "Refused";
  if (row.authState === "Expired") return "Expired";
  if (row.authState !== "Authenticated" || !row.credentials) return "NotAuthenticated";
  if (row.authExpiresAt && utcDate(row.authExpiresAt).getTime() <= now.getTime()) return "Expired";
  return "Authenticated";
}

function kindOf(row: HubIntegrationRow): ChannelKind {
  const kind = channelKindById(row.typeCompanyIntegrationId);
  if (!kind) throw new Error(`integration ${row.companyIntegrationId} has an unknown channel kind`);
  return kind;
}

function view(row: HubIntegrationRow, now: Date): ChannelIntegration {
  return {
    row,
    kind: kindOf(row),
    status: authenticationStatus(row, now),
    sandbox: sandboxSettings(row.sandbox),
  };
}

function requireKey(deps: HubDeps): string {
  if (!deps.credentialsKey) throw new ApiError(500, CREDENTIALS_KEY_MISSING);
  return deps.credentialsKey;
}

/** The channel integration of the company, or 400 `Integração de canal não existe`. */
export async function findIntegration(
  db: Db,
  companyId: number,
  integrationId: number,
): Promise<HubIntegrationRow> {
  const row = await findHubIntegration(db, companyId, integrationId);
  if (!row) throw badRequest(HUB_INTEGRATION_NOT_FOUND);
  return row;
}

export async function getChannelIntegration(
  deps: HubDeps,
  integrationId: number,
): Promise<ChannelIntegration> {
  return view(await findIntegration(deps.db, deps.companyId, integrationId), deps.now);
}

export async function listChannelIntegrations(deps: HubDeps, page: number): Promise<ChannelIntegration[]> {
  return (await listHubIntegrations(deps.db, deps.companyId, page)).map((row) => view(row, deps.now));
}

/** The connection an adapter is built on: decrypted credentials, expiry, sandbox settings. */
export async function connectionOf(
  deps: Pick<HubDeps, "credentialsKey" | "now" | "production"> & { db?: Db },
  row: HubIntegrationRow,
): Promise<ChannelConnection> {
  if (kindOf(row).code === ML_KIND_CODE) return mercadoLivreConnection(deps, row);
  let credentials: ChannelCredentials | null = null;
  if (row.credentials && row.authState === "Authenticated") {
    if (!deps.credentialsKey) throw new ApiError(500, CREDENTIALS_KEY_MISSING);
    credentials = (await decryptCredentials(
      deps.credentialsKey,
      row.companyId,
      row.credentials,
    )) as ChannelCredentials | null;
  }
  return {
    kind: kindOf(row).code,
    credentials,
    expiresAt: row.authExpiresAt ? utcDate(row.authExpiresAt) : null,
    sandbox: sandboxSettings(row.sandbox),
    now: deps.now,
  };
}

/**
 * A Mercado Livre integration's connection: its token store, inbox and call log when it is
 * authenticated; none when it is not (the adapter then answers "not authenticated" or, once the
 * channel refused the refresh token, "expired").
 */
async function mercadoLivreConnection(
  deps: Pick<HubDeps, "credentialsKey" | "now" | "production"> & { db?: Db },
  row: HubIntegrationRow,
): Promise<ChannelConnection> {
  const base = {
    kind: ML_KIND_CODE,
    credentials: null,
    expiresAt: row.authState === "Expired" ? new Date(0) : null,
    sandbox: DEFAULT_SANDBOX,
    now: deps.now,
    mercadoLivre: null,
  };
  if (row.authState !== "Authenticated" || !row.credentials || !deps.db) return base;
  const key = deps.credentialsKey;
  if (!key) throw new ApiError(500, CREDENTIALS_KEY_MISSING);
  const connection = await findMlConnection(deps.db, row.companyId, row.companyIntegrationId);
  const app = (await decryptCredentials(key, row.companyId, row.credentials)) as ChannelCredentials | null;
  if (!connection || !app) return base;
  return {
    ...base,
    mercadoLivre: mlSettingsOf(
      { db: deps.db, credentialsKey: key, production: deps.production ?? true },
      row,
      connection,
      app,
    ),
  };
}

/**
 * The adapter of an integration's channel. `production` (default true) is the address rule of its
 * calls: https on a public host only; a job passes its Worker's (`productionOf`).
 */
export async function channelOf(
  deps: Pick<HubDeps, "credentialsKey" | "now" | "production"> & { db?: Db },
  row: HubIntegrationRow,
): Promise<ChannelAdapter> {
  return channelAdapter(await connectionOf(deps, row));
}

/** A job's production mode: its Worker's `ENVIRONMENT` is not `development`. */
export const productionOf = (context: { env?: Pick<Env, "ENVIRONMENT"> }) =>
  context.env?.ENVIRONMENT !== "development";

async function checkReferences(deps: HubDeps, input: IntegrationInput): Promise<void> {
  const { warehouseId, paymentTypeId } = input;
  if (warehouseId !== undefined && warehouseId !== null) {
    if (!(await warehouseRows.find(deps.db, deps.companyId, warehouseId)))
      throw badRequest(HUB_WAREHOUSE_NOT_FOUND);
  }
  if (paymentTypeId !== undefined && paymentTypeId !== null) {
    if (!(await paymentTypeRows.find(deps.db, deps.companyId, paymentTypeId)))
      throw badRequest(PAYMENT_TYPE_NOT_FOUND);
  }
}

/**
 * Authenticates with the channel (it may refuse) and answers what is stored: the encrypted
 * credentials and the expiry (the one the company states, else the channel's).
 */
async function authenticate(
  deps: HubDeps,
  kind: ChannelKind,
  sandbox: SandboxSettings,
  credentials: ChannelCredentials,
  statedExpiry: string | null | undefined,
) {
  const key = requireKey(deps);
  const adapter = channelAdapter({ kind: kind.code, credentials, expiresAt: null, sandbox, now: deps.now });
  const { expiresAt } = await callChannel(() => adapter.authenticate(credentials));
  return {
    credentials: await encryptCredentials(key, deps.companyId, credentials),
    authState: "Authenticated",
    authExpiresAt: statedExpiry ?? (expiresAt ? utcText(expiresAt) : null),
  };
}

export async function createChannelIntegration(
  deps: HubDeps,
  input: IntegrationInput & { description: string; typeId: number },
) {
  const kind = channelKindById(input.typeId);
  if (!kind) throw badRequest(channelKindUnknown(input.typeId));
  if (input.sandbox && !kind.sandbox) throw badRequest(SANDBOX_SETTINGS_NOT_ALLOWED);
  checkMercadoLivreFields(deps, kind, input);
  await getCompany(deps.db, deps.companyId);
  await checkReferences(deps, input);
  if (kind.code === ML_KIND_CODE) return createMercadoLivreIntegration(deps, kind, input);
  const sandbox = { ...DEFAULT_SANDBOX, ...input.sandbox };
  const auth = input.credentials
    ? await authenticate(deps, kind, sandbox, input.credentials, input.credentialsExpireAt)
    : { credentials: null, authState: "NotAuthenticated", authExpiresAt: null };
  const id = await insertHubIntegration(deps.db, deps.companyId, {
    description: input.description,
    typeCompanyIntegrationId: kind.id,
    ...auth,
    sandbox: JSON.stringify(sandbox),
    warehouseId: input.warehouseId ?? null,
    paymentTypeId: input.paymentTypeId ?? null,
    stockBuffer: input.stockBuffer,
  });
  return getChannelIntegration(deps, id);
}

/** Only what is sent changes; new credentials are authenticated with the channel before they are stored. */
export async function changeChannelIntegration(
  deps: HubDeps,
  integrationId: number,
  input: IntegrationInput,
) {
  const current = view(await findIntegration(deps.db, deps.companyId, integrationId), deps.now);
  if (input.sandbox && !current.kind.sandbox) throw badRequest(SANDBOX_SETTINGS_NOT_ALLOWED);
  checkMercadoLivreFields(deps, current.kind, input);
  await checkReferences(deps, input);
  if (current.kind.code === ML_KIND_CODE) return changeMercadoLivreIntegration(deps, integrationId, input);
  const sandbox = input.sandbox ? { ...current.sandbox, ...input.sandbox } : current.sandbox;
  const changes: HubIntegrationChanges = {
    description: input.description,
    warehouseId: input.warehouseId,
    paymentTypeId: input.paymentTypeId,
    stockBuffer: input.stockBuffer,
    sandbox: input.sandbox ? JSON.stringify(sandbox) : undefined,
  };
  if (input.credentials) {
    Object.assign(
      changes,
      await authenticate(deps, current.kind, sandbox, input.credentials, input.credentialsExpireAt),
    );
  } else if (input.credentialsExpireAt !== undefined) {
    changes.authExpiresAt = input.credentialsExpireAt;
  }
  await updateHubIntegration(deps.db, deps.companyId, integrationId, changes);
  return getChannelIntegration(deps, integrationId);
}

/** `RefreshToken` and `BaseUrl` are Mercado Livre's; its BaseUrl follows the webhooks' SSRF rule. */
function checkMercadoLivreFields(deps: HubDeps, kind: ChannelKind, input: IntegrationInput): void {
  const isMl = kind.code === ML_KIND_CODE;
  if (!isMl && (input.baseUrl !== undefined || input.credentials?.RefreshToken !== undefined))
    throw badRequest(ML_FIELDS_NOT_ALLOWED);
  if (isMl && input.baseUrl !== undefined) {
    const refusal = mlBaseUrlRefusal(input.baseUrl, deps.production ?? true);
    if (refusal) throw badRequest(refusal);
  }
}

/**
 * The seller's tokens from the refresh token the company gives (`POST /oauth/token`,
 * `grant_type=refresh_token`: single use, so the new pair is what is stored), sealed; the app's
 * id and secret sealed apart. Without a refresh token only the app's credentials are stored and
 * the seller connects by the OAuth routes.
 */
async function mercadoLivreAuth(
  deps: HubDeps,
  baseUrl: string,
  credentials: IntegrationInput["credentials"],
) {
  const key = requireKey(deps);
  if (!credentials) return null;
  const app = { ClientId: credentials.ClientId, ClientSecret: credentials.ClientSecret };
  const sealedApp = await encryptCredentials(key, deps.companyId, app);
  if (!credentials.RefreshToken) {
    return { app: sealedApp, grant: null, tokens: null };
  }
  const grant = await mlGrant(
    { baseUrl, clientId: app.ClientId, clientSecret: app.ClientSecret, production: deps.production ?? true },
    { grant_type: "refresh_token", refresh_token: credentials.RefreshToken },
  );
  const tokens = await sealTokens(key, deps.companyId, {
    accessToken: grant.accessToken,
    refreshToken: grant.refreshToken,
  });
  return { app: sealedApp, grant, tokens };
}

async function createMercadoLivreIntegration(
  deps: HubDeps,
  kind: ChannelKind,
  input: IntegrationInput & { description: string },
) {
  const baseUrl = input.baseUrl ?? ML_DEFAULT_BASE_URL;
  const auth = await mercadoLivreAuth(deps, baseUrl, input.credentials);
  const id = await insertHubIntegration(
    deps.db,
    deps.companyId,
    {
      description: input.description,
      typeCompanyIntegrationId: kind.id,
      credentials: auth?.app ?? null,
      authState: auth?.grant ? "Authenticated" : "NotAuthenticated",
      authExpiresAt: null,
      sandbox: "{}",
      warehouseId: input.warehouseId ?? null,
      paymentTypeId: input.paymentTypeId ?? null,
      stockBuffer: input.stockBuffer,
    },
    [
      insertMlConnectionAfterIntegration(deps.db, deps.companyId, {
        baseUrl,
        clientId: input.credentials?.ClientId ?? "",
        sellerId: auth?.grant?.sellerId ?? null,
        tokens: auth?.tokens ?? null,
        accessExpiresAt: auth?.grant ? utcText(auth.grant.accessExpiresAt) : null,
      }),
    ],
  );
  return getChannelIntegration(deps, id);
}

async function changeMercadoLivreIntegration(deps: HubDeps, integrationId: number, input: IntegrationInput) {
  const connection = await findMlConnection(deps.db, deps.companyId, integrationId);
  const baseUrl = input.baseUrl ?? connection?.baseUrl ?? ML_DEFAULT_BASE_URL;
  const auth = await mercadoLivreAuth(deps, baseUrl, input.credentials);
  const changes: HubIntegrationChanges = {
    description: input.description,
    warehouseId: input.warehouseId,
    paymentTypeId: input.paymentTypeId,
    stockBuffer: input.stockBuffer,
  };
  if (auth) {
    Object.assign(changes, {
      credentials: auth.app,
      authState: auth.grant ? "Authenticated" : "NotAuthenticated",
      authReason: null,
    });
  }
  await updateHubIntegration(deps.db, deps.companyId, integrationId, changes);
  await changeMlConnection(
    deps.db,
    deps.companyId,
    integrationId,
    {
      baseUrl,
      ...(auth
        ? {
            clientId: input.credentials!.ClientId,
            tokens: auth.tokens,
            sellerId: auth.grant?.sellerId ?? null,
            accessExpiresAt: auth.grant ? utcText(auth.grant.accessExpiresAt) : null,
          }
        : {}),
    },
    auth !== null,
  );
  return getChannelIntegration(deps, integrationId);
}
