/**
 * Which SEFAZ the recipient's manifest goes to: the real event service (NFeRecepcaoEvento4) of the
 * company's SEFAZ integration for the NF-e's recipient CNPJ (the same CNPJ, else the same root: an
 * e-CNPJ certificate signs for the whole company), signed with the key of that CNPJ's certificate in
 * the company's certificate store (`certificateSigner`); the sandbox
 * when the company has no SEFAZ integration for that CNPJ (the demo, local runs).
 */
import { manifestGatewayFor, type SefazGateway, sefazFor } from "../../adapters/sefaz";
import { findCompany } from "../../db/identity";
import { integrationOfKey } from "../../db/sefaz-followups";
import { type SefazIntegrationRow, sefazIntegrationsOfCompany } from "../../db/sefaz-integrations";
import { sefazSandboxStore } from "../../db/sefaz-sandbox";
import type { Db, Env } from "../../env";
import { cnpjRoot, normaliseDocument } from "../../lib/document-number";
import { badRequest } from "../../lib/errors";
import { certificateSigner } from "../certificates/signer";
import { certificateOfCnpj } from "../certificates/store";
import { connectionCertificateOf, connectionProblem } from "./connection";
import { SEFAZ_MESSAGES as M } from "./messages";

export type ManifestGatewayContext = { db: Db; env: Env; companyId: number; production: boolean; now: Date };

/**
 * The integration that speaks for `recipient`: the one given (the integration whose distribution
 * brought the NF-e) when it has the same CNPJ root, else the same CNPJ first, then the same
 * root (the first 8 characters of the stored form, digits or letters).
 */
function integrationFor(
  rows: SefazIntegrationRow[],
  recipient: string,
  preferred: number | null,
): SefazIntegrationRow | undefined {
  return (
    rows.find(
      (row) => row.companyIntegrationId === preferred && cnpjRoot(row.cnpj) === cnpjRoot(recipient),
    ) ??
    rows.find((row) => normaliseDocument(row.cnpj) === normaliseDocument(recipient)) ??
    rows.find((row) => cnpjRoot(row.cnpj) === cnpjRoot(recipient))
  );
}

/**
 * The gateway for an NF-e addressed to `recipient`. An integration that cannot send (expired
 * certificate, no mTLS binding in production, no certificate or key to sign with) is a 400 with
 * its reason: the manifest never falls back to the sandbox for a company that set SEFAZ up.
 */
export async function manifestGatewayOf(
  context: ManifestGatewayContext,
  recipient: string,
  document: { accessKey?: string; integrationId?: number } = {},
): Promise<SefazGateway> {
  const { db, env, companyId } = context;
  const preferred =
    document.integrationId ??
    (document.accessKey ? await integrationOfKey(db, companyId, document.accessKey) : null);
  const row = integrationFor(await sefazIntegrationsOfCompany(db, companyId), recipient, preferred ?? null);
  if (!row) return sefazFor(sefazSandboxStore(db));
  const stored = await certificateOfCnpj(db, companyId, row.cnpj);
  const problem = connectionProblem(connectionCertificateOf(stored), context);
  if (problem) throw badRequest(problem.reason);
  const signer = await certificateSigner(db, env, companyId, row.cnpj);
  if (!signer) throw badRequest(M.manifestNeedsKey);
  const company = await findCompany(db, companyId);
  return manifestGatewayFor({
    tpAmb: company?.sefazAmbienteNf === 1 ? 1 : 2,
    cnpj: row.cnpj,
    baseUrl: row.baseUrl,
    privateKey: signer.key,
    certificatePem: signer.certificatePem,
    fetcher: signer.fetcher,
    timeoutMs: Number(env.SEFAZ_TIMEOUT_MS) || undefined,
    production: context.production,
  });
}
