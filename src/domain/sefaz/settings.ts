/**
 * The settings of a company integration of Kind `SEFAZ` (`PUT /company/integration/{id}/sefaz`):
 * the CNPJ (the company's or an active invoicing company's), the UF, and an optional BaseUrl (the SSRF
 * rule of the Pix settings: https on a public host in production, loopback allowed in development).
 * The certificate (binding name and public PEM, whose validity is read and shown) and the private key
 * of the manifest signer (sealed with the credentials key, never answered nor logged) are the CNPJ's
 * row of the company's certificate store (src/domain/certificates): the fields of these settings
 * write into it, and a certificate sent through `POST /company/invoice/{id}/certificate` serves here.
 * The environment is the company's `SefazAmbienteNF`. Each write sets the state again.
 */

import {
  type CompanyCertificateRow,
  type CompanyCertificateValues,
  certificateStatement,
  findCertificate,
} from "../../db/certificates";
import { findCompany } from "../../db/identity";
import { companyDocuments } from "../../db/nfe";
import { missingDocuments } from "../../db/sefaz-followups";
import {
  findSefazIntegration,
  listSefazDocuments,
  type SefazIntegrationRow,
  sefazSettingsStatement,
} from "../../db/sefaz-integrations";
import type { Db, Env } from "../../env";
import { isValidCnpj, normaliseDocument } from "../../lib/document-number";
import { badRequest } from "../../lib/errors";
import { encryptCredentials } from "../../platform/credentials-cipher";
import { openPrivateKey } from "../certificates/signer";
import { certificateOfCnpj } from "../certificates/store";
import { baseUrlRefusal, isBindingName } from "../pix/settings-rules";
import { certificateValidity, isPrivateKeyPem, keyMatchesCertificate } from "./certificate";
import { connectionCertificateOf, connectionProblem } from "./connection";
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
  /** The CNPJ's row of the certificate store (its certificate, binding name, whether a key is kept). */
  certificate: CompanyCertificateRow | null;
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
  const certificate = await certificateOfCnpj(db, companyId, integration.settings.cnpj);
  return {
    description: integration.description,
    environment,
    settings: integration.settings,
    certificate,
    missing,
  };
}

/** `GET /company/integration/{id}/sefaz/documents`: the documents by NSU, without their XML. */
export async function sefazDocuments(db: Db, companyId: number, id: number, page: number, pageSize: number) {
  await sefazSettings(db, companyId, id);
  return listSefazDocuments(db, companyId, id, page, pageSize);
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
  let certificate:
    | { pem: string; notAfter: string; notBefore: string; subject: string | null }
    | null
    | undefined;
  if (typeof input.certificate === "string") {
    const validity = certificateValidity(input.certificate);
    if (!validity) throw badRequest(M.certificateInvalid);
    certificate = { pem: input.certificate.trim(), ...validity };
  } else if (input.certificate === null) certificate = null;
  if (input.privateKey !== undefined) {
    if (!isPrivateKeyPem(input.privateKey)) throw badRequest(M.privateKeyInvalid);
    if (!context.env.HUB_CREDENTIALS_KEY) throw badRequest(M.noCipherKey);
  }
  // the certificate, key and binding are the CNPJ's row of the certificate store
  const stored = await findCertificate(db, companyId, cnpj);
  const storeValues = await certificateValues(context.env, companyId, stored ?? null, input, certificate, {
    // a key kept from before is this integration's own: another integration (or this one on
    // another CNPJ) sending a new certificate replaces the CNPJ's certificate and its key
    keyIsOwn: current?.cnpj === cnpj,
  });
  const values = {
    cnpj,
    uf,
    baseUrl: input.baseUrl === undefined ? (current?.baseUrl ?? null) : input.baseUrl,
    autoAwareness: input.autoAwareness ?? current?.autoAwareness ?? 0,
  };
  // SEFAZ's wait is on the CNPJ at the service that answered: new settings of the same CNPJ and
  // address keep it; another CNPJ or another service (BaseUrl) starts without it
  const sameService = current?.cnpj === cnpj && (current?.baseUrl ?? null) === values.baseUrl;
  const nextDistributionAt = sameService ? (current?.nextDistributionAt ?? null) : null;
  const effective = storeValues ?? (await certificateOfCnpj(db, companyId, cnpj));
  const problem = connectionProblem(connectionCertificateOf(effective), {
    ...context,
    now: context.now ?? new Date(),
  });
  const settingsWrite = sefazSettingsStatement(db, companyId, id, {
    ...values,
    nextDistributionAt,
    state: problem?.state ?? "Ok",
    stateReason: problem?.reason ?? null,
  });
  if (storeValues) await db.batch([settingsWrite, certificateStatement(db, companyId, cnpj, storeValues)]);
  else await settingsWrite;
  return sefazSettings(db, companyId, id);
}

/**
 * The CNPJ's new row of the certificate store when the settings send a certificate, a key or a
 * binding name (undefined: the row is left as it is). An omitted field keeps the stored one; the key
 * must be the certificate's, both sent or one kept (400 otherwise), except that a new certificate
 * from settings that did not hold the kept key replaces it (the key is then dropped).
 */
async function certificateValues(
  env: Env,
  companyId: number,
  stored: CompanyCertificateRow | null,
  input: SefazSettingsInput,
  certificate:
    | { pem: string; notAfter: string; notBefore: string; subject: string | null }
    | null
    | undefined,
  options: { keyIsOwn: boolean },
): Promise<CompanyCertificateValues | undefined> {
  if (certificate === undefined && input.privateKey === undefined && input.mtlsCertificate === undefined)
    return undefined;
  const certificatePem =
    certificate === undefined ? (stored?.certificatePem ?? null) : (certificate?.pem ?? null);
  let sealedKey = stored?.privateKey ?? null;
  if (certificatePem && (typeof input.certificate === "string" || input.privateKey !== undefined)) {
    const keyPem = input.privateKey ?? (await openPrivateKey(env, companyId, sealedKey));
    if (keyPem) {
      const match = await keyMatchesCertificate(keyPem, certificatePem);
      const kept = input.privateKey === undefined;
      if (kept && !options.keyIsOwn && match !== "match") sealedKey = null;
      else if (match === "mismatch") throw badRequest(M.privateKeyMismatch);
      else if (match === "unreadable") throw badRequest(M.privateKeyUnreadable);
    }
  }
  if (input.privateKey !== undefined)
    sealedKey = await encryptCredentials(env.HUB_CREDENTIALS_KEY!, companyId, { pem: input.privateKey });
  const keep = certificate === undefined;
  return {
    certificatePem,
    subject: keep ? (stored?.subject ?? null) : (certificate?.subject ?? null),
    notBefore: keep ? (stored?.notBefore ?? null) : (certificate?.notBefore ?? null),
    notAfter: keep ? (stored?.notAfter ?? null) : (certificate?.notAfter ?? null),
    mtlsCertificate:
      input.mtlsCertificate === undefined ? (stored?.mtlsCertificate ?? null) : input.mtlsCertificate,
    privateKey: sealedKey,
  };
}
