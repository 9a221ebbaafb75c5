/**
 * The settings of a company integration of Kind `SEFAZ` (`PUT /company/integration/{id}/sefaz`):
 * the CNPJ (the company's or an active invoicing company's), the UF, the certificate (binding name
 * and public PEM, whose validity is read and shown), the private key of the manifest signer (sealed
 * with the credentials key, never answered nor logged) and an optional BaseUrl (the SSRF rule of
 * the Pix settings: https on a public host in production, loopback allowed in development).
 * The environment is the company's `SefazAmbienteNF`. Each write sets the state again.
 */
import { findCompany } from "../../db/identity";
import { companyDocuments } from "../../db/nfe";
import { missingDocuments } from "../../db/sefaz-followups";
import {
  findSefazIntegration,
  listSefazDocuments,
  type SefazIntegrationRow,
  saveSefazSettings,
} from "../../db/sefaz-integrations";
import type { Db, Env } from "../../env";
import { isValidCnpj, normaliseDocument } from "../../lib/document-number";
import { badRequest } from "../../lib/errors";
import { decryptCredentials, encryptCredentials } from "../../platform/credentials-cipher";
import { baseUrlRefusal, isBindingName } from "../pix/settings-rules";
import { certificateValidity, isPrivateKeyPem, keyMatchesCertificate } from "./certificate";
import { connectionProblem } from "./connection";
import { SEFAZ_MESSAGES as M } from "./messages";
import { ufCode } from "./state";

export type SefazSettingsInput = {
  cnpj: string;
  uf: string;
  baseUrl?: string | null | undefined;
  mtlsCertificate?: string | null | undefined;
  certificate?: string | null | undefined;
  privateKey?: string | undefined;
  /** 0/1: automatic awareness (210210) of each new summary; omitted keeps what was stored. */
  autoAwareness?: 0 | 1 | undefined;
};

export type SettingsContext = { env: Env; production: boolean; now?: Date };

/** The settings as answered, with the environment (`tpAmb`) the company's SefazAmbienteNF gives. */
export type SefazSettingsView = {
  description: string;
  environment: 1 | 2;
  settings: SefazIntegrationRow;
  /** What is still missing: NSU gaps not filled, authorized summaries without their full NF-e. */
  missing: { nsu: number; fullNfe: number };
};

async function found(db: Db, companyId: number, id: number) {
  const integration = await findSefazIntegration(db, companyId, id);
  if (!integration) throw badRequest(M.notSefazIntegration);
  return integration;
}

export async function sefazSettings(db: Db, companyId: number, id: number): Promise<SefazSettingsView> {
  const integration = await found(db, companyId, id);
  if (!integration.settings) throw badRequest(M.notConfigured);
  const company = await findCompany(db, companyId);
  const environment = company?.sefazAmbienteNf === 1 ? 1 : 2;
  const missing = await missingDocuments(db, companyId, id);
  return { description: integration.description, environment, settings: integration.settings, missing };
}

/** `GET /company/integration/{id}/sefaz/documents`: the documents by NSU, without their XML. */
export async function sefazDocuments(db: Db, companyId: number, id: number, page: number, pageSize: number) {
  await sefazSettings(db, companyId, id);
  return listSefazDocuments(db, companyId, id, page, pageSize);
}

/** The stored private key's PEM, or null when there is none (or it cannot be opened). */
async function storedKeyPem(env: Env, companyId: number, sealed: string | null): Promise<string | null> {
  if (!sealed || !env.HUB_CREDENTIALS_KEY) return null;
  const opened = await decryptCredentials(env.HUB_CREDENTIALS_KEY, companyId, sealed).catch(() => null);
  const pem = (opened as { pem?: unknown } | null)?.pem;
  return typeof pem === "string" ? pem : null;
}

/** Checks and stores the settings; an omitted optional field keeps what was stored. */
export async function saveSettings(
  db: Db,
  companyId: number,
  id: number,
  input: SefazSettingsInput,
  context: SettingsContext,
): Promise<SefazSettingsView> {
  const current = (await found(db, companyId, id)).settings;
  const cnpj = normaliseDocument(input.cnpj);
  if (!isValidCnpj(cnpj)) throw badRequest(M.cnpjInvalid);
  if (!(await companyDocuments(db, companyId)).includes(cnpj)) throw badRequest(M.cnpjNotOfCompany);
  const uf = ufCode(input.uf);
  if (!uf) throw badRequest(M.ufInvalid);
  if (typeof input.baseUrl === "string") {
    const refusal = baseUrlRefusal(input.baseUrl, context.production);
    if (refusal) throw badRequest(refusal);
  }
  if (typeof input.mtlsCertificate === "string" && !isBindingName(input.mtlsCertificate))
    throw badRequest(M.mtlsCertificateInvalid);
  let certificate: { pem: string; notAfter: string; subject: string | null } | null | undefined;
  if (typeof input.certificate === "string") {
    const validity = certificateValidity(input.certificate);
    if (!validity) throw badRequest(M.certificateInvalid);
    certificate = { pem: input.certificate.trim(), notAfter: validity.notAfter, subject: validity.subject };
  } else if (input.certificate === null) certificate = null;
  let privateKey: string | undefined;
  if (input.privateKey !== undefined) {
    if (!isPrivateKeyPem(input.privateKey)) throw badRequest(M.privateKeyInvalid);
    if (!context.env.HUB_CREDENTIALS_KEY) throw badRequest(M.noCipherKey);
    privateKey = await encryptCredentials(context.env.HUB_CREDENTIALS_KEY, companyId, {
      pem: input.privateKey,
    });
  }
  const keep = <T>(sent: T | undefined, stored: T) => (sent === undefined ? stored : sent);
  // the key that signs the manifest must be the certificate's (sent, or kept from before)
  if (typeof input.certificate === "string" || input.privateKey !== undefined) {
    const certificatePem =
      certificate === undefined ? (current?.certificatePem ?? null) : (certificate?.pem ?? null);
    const keyPem =
      input.privateKey ?? (await storedKeyPem(context.env, companyId, current?.privateKey ?? null));
    if (certificatePem && keyPem) {
      const match = await keyMatchesCertificate(keyPem, certificatePem);
      if (match === "mismatch") throw badRequest(M.privateKeyMismatch);
      if (match === "unreadable") throw badRequest(M.privateKeyUnreadable);
    }
  }
  const values = {
    cnpj,
    uf,
    baseUrl: keep(input.baseUrl, current?.baseUrl ?? null),
    mtlsCertificate: keep(input.mtlsCertificate, current?.mtlsCertificate ?? null),
    certificatePem:
      certificate === undefined ? (current?.certificatePem ?? null) : (certificate?.pem ?? null),
    certificateNotAfter:
      certificate === undefined ? (current?.certificateNotAfter ?? null) : (certificate?.notAfter ?? null),
    certificateSubject:
      certificate === undefined ? (current?.certificateSubject ?? null) : (certificate?.subject ?? null),
    privateKey: privateKey ?? current?.privateKey ?? null,
    autoAwareness: input.autoAwareness ?? current?.autoAwareness ?? 0,
  };
  // SEFAZ's wait is on the CNPJ at the service that answered: new settings of the same CNPJ and
  // address keep it; another CNPJ or another service (BaseUrl) starts without it
  const sameService = current?.cnpj === cnpj && (current?.baseUrl ?? null) === values.baseUrl;
  const nextDistributionAt = sameService ? (current?.nextDistributionAt ?? null) : null;
  const problem = connectionProblem(values, { ...context, now: context.now ?? new Date() });
  await saveSefazSettings(db, companyId, id, {
    ...values,
    nextDistributionAt,
    state: problem?.state ?? "Ok",
    stateReason: problem?.reason ?? null,
  });
  return sefazSettings(db, companyId, id);
}
