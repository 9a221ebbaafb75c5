/**
 * A company integration of Kind `PIX` and its settings (`pix_integrations`): the account received
 * Pix land in, the PSP's API address, the OAuth2 credentials (sealed, never answered), the Pix key,
 * the mTLS certificate binding, the webhook secret (only its hash is kept) and the state.
 *
 * A PIX integration created or changed without any Pix field stays a registry row only (as before
 * the settings existed; its answer has no Pix fields). The first write with a Pix field needs
 * `IDBankAccount` and creates the settings and the webhook secret, answered once. Later writes
 * change only the fields sent: an omitted `Credentials` keeps the stored ones, `MtlsCertificate:
 * null` removes the binding. Changing BaseUrl, Credentials or MtlsCertificate sets the state again
 * (`Ok`, or `NotConfigured` with the reason) and clears the failures and the wait.
 */
import {
  bankAccountOfCompany,
  changePixIntegration,
  findIntegrationWithPix,
  type IntegrationWithPix,
  insertPixIntegration,
  listIntegrationsWithPix,
  type PixSettingsValues,
  replaceWebhookSecretHash,
} from "../../db/pix-integrations";
import type { Db, Env } from "../../env";
import { badRequest } from "../../lib/errors";
import { BANK_ACCOUNT_NOT_FOUND } from "../bank-accounts/messages";
import { getCompany } from "../company/company";
import { integrationKind } from "../registries/integration-kind";
import { companyIntegrationRegistry } from "../registries/simple-registries";
import { PIX_CONNECTION_MESSAGES, type PixClientCredentials, sealPixCredentials } from "./connection";
import { INTEGRATION_NOT_FOUND, PIX_SETTINGS_MESSAGES as M } from "./settings-messages";
import {
  baseUrlRefusal,
  isBindingName,
  newWebhookSecret,
  normalisePixKey,
  PIX_STATE,
  pixKeyType,
  webhookSecretHash,
} from "./settings-rules";

export const PIX_KIND = "PIX";

/** The Pix fields of a create or update body, in domain terms (undefined: not sent). */
export type PixSettingsInput = {
  bankAccountId?: number | undefined;
  baseUrl?: string | undefined;
  credentials?: PixClientCredentials | undefined;
  pixKey?: string | undefined;
  mtlsCertificate?: string | null | undefined;
};

export type IntegrationInput = { description: string; kind: string; pix: PixSettingsInput };
export type IntegrationChanges = {
  description?: string | undefined;
  kind?: string | undefined;
  pix: PixSettingsInput;
};

/** An integration as answered, with the webhook secret when this write created or replaced it. */
export type IntegrationResult = { view: IntegrationWithPix; webhookSecret: string | null };

/** What the settings' checks need of the Worker: its secrets and bindings, and the mode. */
export type SettingsContext = { env: Env; production: boolean };
type Settings = SettingsContext;

const hasPixFields = (pix: PixSettingsInput) => Object.values(pix).some((value) => value !== undefined);

/** Checks the fields sent, in the body's order; answers them ready to store (credentials sealed). */
async function checkedFields(db: Db, companyId: number, pix: PixSettingsInput, settings: Settings) {
  if (pix.bankAccountId !== undefined && !(await bankAccountOfCompany(db, companyId, pix.bankAccountId))) {
    throw badRequest(BANK_ACCOUNT_NOT_FOUND);
  }
  if (pix.baseUrl !== undefined) {
    const refusal = baseUrlRefusal(pix.baseUrl, settings.production);
    if (refusal) throw badRequest(refusal);
  }
  const pixKey = pix.pixKey === undefined ? undefined : normalisePixKey(pix.pixKey);
  if (pixKey !== undefined && pixKeyType(pixKey) === null) throw badRequest(M.pixKeyInvalid);
  if (typeof pix.mtlsCertificate === "string" && !isBindingName(pix.mtlsCertificate)) {
    throw badRequest(M.mtlsCertificateInvalid);
  }
  let credentials: string | undefined;
  if (pix.credentials !== undefined) {
    const sealed = await sealPixCredentials(settings.env, companyId, pix.credentials);
    if (sealed === null) throw badRequest(PIX_CONNECTION_MESSAGES.noCipherKey);
    credentials = sealed;
  }
  return {
    bankAccountId: pix.bankAccountId,
    baseUrl: pix.baseUrl,
    credentials,
    pixKey,
    mtlsCertificate: pix.mtlsCertificate,
  };
}

/** `Ok`, or `NotConfigured` with what is missing for a call to the PSP. */
function connectionState(
  settings: Settings,
  values: { baseUrl: string | null; credentials: string | null; mtlsCertificate: string | null },
): { state: string; stateReason: string | null } {
  const missing = (reason: string) => ({ state: PIX_STATE.notConfigured, stateReason: reason });
  if (!values.baseUrl) return missing(PIX_CONNECTION_MESSAGES.noBaseUrl);
  if (!values.credentials) return missing(PIX_CONNECTION_MESSAGES.noCredentials);
  if (values.mtlsCertificate) {
    const binding = (settings.env as unknown as Record<string, unknown>)[values.mtlsCertificate];
    if (typeof binding !== "object" || binding === null || !("fetch" in binding)) {
      return missing(PIX_CONNECTION_MESSAGES.noCertificate(values.mtlsCertificate));
    }
  }
  return { state: PIX_STATE.ok, stateReason: null };
}

async function newSettings(
  db: Db,
  companyId: number,
  pix: PixSettingsInput,
  settings: Settings,
): Promise<{ values: PixSettingsValues; secret: string; hash: string }> {
  if (pix.bankAccountId === undefined) throw badRequest(M.bankAccountRequired);
  const fields = await checkedFields(db, companyId, pix, settings);
  const stored = {
    bankAccountId: pix.bankAccountId,
    baseUrl: fields.baseUrl ?? null,
    credentials: fields.credentials ?? null,
    pixKey: fields.pixKey ?? null,
    mtlsCertificate: fields.mtlsCertificate ?? null,
  };
  const secret = newWebhookSecret();
  return {
    values: { ...stored, ...connectionState(settings, stored) },
    secret,
    hash: await webhookSecretHash(secret),
  };
}

async function reread(db: Db, companyId: number, id: number): Promise<IntegrationWithPix> {
  const view = await findIntegrationWithPix(db, companyId, id);
  if (!view) throw badRequest(INTEGRATION_NOT_FOUND);
  return view;
}

export async function createIntegration(
  db: Db,
  companyId: number,
  input: IntegrationInput,
  settings: Settings,
): Promise<IntegrationResult> {
  const kind = integrationKind(input.kind);
  if (!hasPixFields(input.pix)) {
    const integration = await companyIntegrationRegistry.create(db, companyId, {
      description: input.description,
      kind,
    });
    return { view: { integration, pix: null }, webhookSecret: null };
  }
  if (kind !== PIX_KIND) throw badRequest(M.notPixKind);
  await getCompany(db, companyId);
  const created = await newSettings(db, companyId, input.pix, settings);
  const id = await insertPixIntegration(db, companyId, input.description, kind, created.values, created.hash);
  return { view: await reread(db, companyId, id), webhookSecret: created.secret };
}

export async function changeIntegration(
  db: Db,
  companyId: number,
  id: number,
  changes: IntegrationChanges,
  settings: Settings,
): Promise<IntegrationResult> {
  const current = await reread(db, companyId, id);
  const kind = changes.kind === undefined ? current.integration.kind : integrationKind(changes.kind);
  const registry = { description: changes.description, kind: changes.kind === undefined ? undefined : kind };
  if (current.pix && kind !== PIX_KIND) throw badRequest(M.kindLocked);
  if (!hasPixFields(changes.pix)) {
    if (!current.pix) {
      const integration = await companyIntegrationRegistry.change(db, companyId, id, registry);
      return { view: { integration, pix: null }, webhookSecret: null };
    }
    if (!(await changePixIntegration(db, companyId, id, registry, { update: {} }))) {
      throw badRequest(INTEGRATION_NOT_FOUND);
    }
    return { view: await reread(db, companyId, id), webhookSecret: null };
  }
  if (kind !== PIX_KIND) throw badRequest(M.notPixKind);
  if (!current.pix) {
    const created = await newSettings(db, companyId, changes.pix, settings);
    const insert = { ...created.values, webhookSecretHash: created.hash };
    if (!(await changePixIntegration(db, companyId, id, registry, { insert }))) {
      throw badRequest(INTEGRATION_NOT_FOUND);
    }
    return { view: await reread(db, companyId, id), webhookSecret: created.secret };
  }
  const fields = await checkedFields(db, companyId, changes.pix, settings);
  const connectionChanged =
    fields.baseUrl !== undefined || fields.credentials !== undefined || fields.mtlsCertificate !== undefined;
  const next = {
    baseUrl: fields.baseUrl ?? current.pix.baseUrl,
    credentials: fields.credentials ?? current.pix.credentials,
    mtlsCertificate:
      fields.mtlsCertificate === undefined ? current.pix.mtlsCertificate : fields.mtlsCertificate,
  };
  const update = {
    ...fields,
    // a new address, credentials or certificate voids the stored token (it was asked with the old ones)
    ...(connectionChanged
      ? {
          ...connectionState(settings, next),
          failures: 0,
          retryAfter: null,
          accessToken: null,
          accessTokenRenewAt: null,
        }
      : {}),
  };
  if (!(await changePixIntegration(db, companyId, id, registry, { update }))) {
    throw badRequest(INTEGRATION_NOT_FOUND);
  }
  return { view: await reread(db, companyId, id), webhookSecret: null };
}

export const findIntegrationAsList = async (db: Db, companyId: number, id: number) => {
  const view = await findIntegrationWithPix(db, companyId, id);
  return view ? [view] : [];
};

export const listIntegrations = (db: Db, companyId: number, page: number) =>
  listIntegrationsWithPix(db, companyId, page);

/**
 * A new webhook secret for a configured Pix integration: the old one stops working at once (its
 * hash is replaced). Answers the integration and the new secret (shown only in this answer).
 */
export async function rotateWebhookSecret(db: Db, companyId: number, id: number): Promise<IntegrationResult> {
  const current = await reread(db, companyId, id);
  if (!current.pix) throw badRequest(M.notPixIntegration);
  const secret = newWebhookSecret();
  if (!(await replaceWebhookSecretHash(db, companyId, id, await webhookSecretHash(secret)))) {
    throw badRequest(INTEGRATION_NOT_FOUND);
  }
  return { view: await reread(db, companyId, id), webhookSecret: secret };
}
