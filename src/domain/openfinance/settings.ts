/**
 * The settings of a company integration of Kind `OPENFINANCE` (provider `Pluggy`):
 * `PUT /company/integration/{id}/openfinance`. BaseUrl follows the Pix settings' address rule
 * (production: https on a public host only), Credentials `{ClientId, ClientSecret}` are sealed
 * (AES-GCM, `HUB_CREDENTIALS_KEY`, the company as associated data) and never answered, and the
 * webhook secret (the value of `X-Feed-Webhook-Secret` the aggregator sends) is generated on the
 * first write and answered once; `RotateWebhookSecret` makes a new one and keeps the previous one
 * valid until the next rotation (docs/OPEN-FINANCE.md, "Webhooks").
 */
import {
  findOpenFinanceIntegration,
  OPENFINANCE_KIND,
  type OpenFinanceSettingsRow,
  saveOpenFinanceSettings,
} from "../../db/openfinance";
import type { Db, Env } from "../../env";
import { badRequest } from "../../lib/errors";
import { decryptCredentials, encryptCredentials } from "../../platform/credentials-cipher";
import { baseUrlRefusal, newWebhookSecret } from "../pix/settings-rules";
import { OPENFINANCE_MESSAGES as M } from "./messages";

export const OPENFINANCE_PROVIDER = "Pluggy";

export type OpenFinanceSettingsInput = {
  baseUrl?: string | undefined;
  credentials?: { clientId: string; clientSecret: string } | undefined;
  rotateWebhookSecret?: boolean | undefined;
};

export type SettingsContext = { env: Env; production: boolean };

export type OpenFinanceSettingsView = {
  integrationId: number;
  description: string;
  settings: OpenFinanceSettingsRow;
  /** The webhook secret, only in the answer of the write that created it. */
  newWebhookSecret: string | null;
};

async function integrationOf(db: Db, companyId: number, id: number) {
  const integration = await findOpenFinanceIntegration(db, companyId, id);
  if (!integration || integration.kind !== OPENFINANCE_KIND) throw badRequest(M.notOpenFinanceIntegration);
  return integration;
}

/** `GET /company/integration/{id}/openfinance`. */
export async function openFinanceSettings(
  db: Db,
  companyId: number,
  id: number,
): Promise<OpenFinanceSettingsView> {
  const integration = await integrationOf(db, companyId, id);
  if (!integration.settings) throw badRequest(M.notConfigured);
  return {
    integrationId: id,
    description: integration.description,
    settings: integration.settings,
    newWebhookSecret: null,
  };
}

const sealSecret = (env: Env, companyId: number, secret: string) =>
  encryptCredentials(env.HUB_CREDENTIALS_KEY as string, companyId, { secret });

/** `PUT /company/integration/{id}/openfinance`: the fields sent replace the stored ones. */
export async function saveOpenFinance(
  db: Db,
  companyId: number,
  id: number,
  input: OpenFinanceSettingsInput,
  context: SettingsContext,
): Promise<OpenFinanceSettingsView> {
  const integration = await integrationOf(db, companyId, id);
  const current = integration.settings;
  if (input.baseUrl !== undefined) {
    const refusal = baseUrlRefusal(input.baseUrl, context.production);
    if (refusal) throw badRequest(refusal.replace("API Pix do PSP", "API do agregador"));
  }
  if (!current && input.baseUrl === undefined) throw badRequest(M.baseUrlRequired);
  if (!current && input.credentials === undefined) throw badRequest(M.credentialsRequired);
  if (!context.env.HUB_CREDENTIALS_KEY) throw badRequest(M.noCipherKey);
  const credentials =
    input.credentials === undefined
      ? (current?.credentials ?? null)
      : await encryptCredentials(context.env.HUB_CREDENTIALS_KEY, companyId, input.credentials);
  let secret: string | null = null;
  let webhookSecret = current?.webhookSecret;
  let previousWebhookSecret = current?.previousWebhookSecret ?? null;
  if (!current || input.rotateWebhookSecret) {
    secret = newWebhookSecret();
    previousWebhookSecret = current?.webhookSecret ?? null;
    webhookSecret = await sealSecret(context.env, companyId, secret);
  }
  const baseUrl = input.baseUrl ?? current?.baseUrl ?? null;
  await saveOpenFinanceSettings(
    db,
    companyId,
    id,
    { baseUrl, credentials, webhookSecret: webhookSecret as string, previousWebhookSecret },
    input.baseUrl !== undefined || input.credentials !== undefined,
  );
  const view = await openFinanceSettings(db, companyId, id);
  return { ...view, newWebhookSecret: secret };
}

/** The client credentials of the settings, or null when they cannot be read. */
export async function openCredentials(
  env: Env,
  settings: OpenFinanceSettingsRow,
): Promise<{ clientId: string; clientSecret: string } | null> {
  if (!env.HUB_CREDENTIALS_KEY || !settings.credentials) return null;
  const plain = (await decryptCredentials(
    env.HUB_CREDENTIALS_KEY,
    settings.companyId,
    settings.credentials,
  )) as {
    clientId?: unknown;
    clientSecret?: unknown;
  } | null;
  return plain && typeof plain.clientId === "string" && typeof plain.clientSecret === "string"
    ? { clientId: plain.clientId, clientSecret: plain.clientSecret }
    : null;
}

/** The webhook secrets the integration accepts now (the current one, then the previous one). */
export async function webhookSecretsOf(env: Env, settings: OpenFinanceSettingsRow): Promise<string[]> {
  if (!env.HUB_CREDENTIALS_KEY) return [];
  const secrets: string[] = [];
  for (const sealed of [settings.webhookSecret, settings.previousWebhookSecret]) {
    if (!sealed) continue;
    const plain = (await decryptCredentials(env.HUB_CREDENTIALS_KEY, settings.companyId, sealed)) as {
      secret?: unknown;
    } | null;
    if (plain && typeof plain.secret === "string") secrets.push(plain.secret);
  }
  return secrets;
}
