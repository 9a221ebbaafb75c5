/**
 * The signer of a CNPJ, from the company's certificate store: what the NF-e emission (infNFe, events,
 * inutilização) and the SEFAZ distribution and manifest sign and connect with. The certificate of
 * that CNPJ, else of its root (an e-CNPJ signs for the whole company); its key opened with the
 * credentials key and imported for RSA-SHA1 (XML-DSig); the `mtls_certificates` binding's fetch when
 * the certificate names one that the Worker has. Validity is not judged here: `notAfter` is given.
 */
import type { SefazFetcher } from "../../adapters/sefaz";
import { signingCertificate } from "../../db/certificates";
import type { Db, Env } from "../../env";
import { normaliseDocument } from "../../lib/document-number";
import { importSigningKey } from "../../lib/xmldsig";
import { decryptCredentials } from "../../platform/credentials-cipher";
import { mtlsFetcherOf } from "../sefaz/connection";

export type CertificateSigner = {
  key: CryptoKey;
  certificatePem: string;
  /** ISO 8601 UTC. */
  notAfter: string;
  subject: string;
  /** The mTLS binding presenting the certificate; null when none is named or the Worker lacks it. */
  fetcher: SefazFetcher | null;
};

/** The stored private key's PEM, or null when there is none or it does not open. */
export async function openPrivateKey(
  env: Env,
  companyId: number,
  sealed: string | null,
): Promise<string | null> {
  if (!sealed || !env.HUB_CREDENTIALS_KEY) return null;
  const opened = await decryptCredentials(env.HUB_CREDENTIALS_KEY, companyId, sealed).catch(() => null);
  const pem = (opened as { pem?: unknown } | null)?.pem;
  return typeof pem === "string" ? pem : null;
}

/** The signer for `cnpj`, or null when the store has no certificate with a usable key for it. */
export async function certificateSigner(
  db: Db,
  env: Env,
  companyId: number,
  cnpj: string,
): Promise<CertificateSigner | null> {
  const row = await signingCertificate(db, companyId, normaliseDocument(cnpj));
  if (!row?.certificatePem) return null;
  const pem = await openPrivateKey(env, companyId, row.privateKey);
  if (!pem) return null;
  const key = await importSigningKey(pem).catch(() => null);
  if (!key) return null;
  return {
    key,
    certificatePem: row.certificatePem,
    notAfter: row.notAfter ?? "",
    subject: row.subject ?? "",
    fetcher: row.mtlsCertificate ? mtlsFetcherOf(env, row.mtlsCertificate) : null,
  };
}

/**
 * `certificateSigner` read once per CNPJ for the life of the returned function (an NF-e emission
 * job's invocation): the certificate row read, its key decrypted and imported once, not per note.
 * A failure to read is not kept (the next note asks again).
 */
export function signerOnce(open: typeof certificateSigner = certificateSigner): typeof certificateSigner {
  const opened = new Map<string, Promise<CertificateSigner | null>>();
  return (db, env, companyId, cnpj) => {
    const key = `${companyId}:${normaliseDocument(cnpj)}`;
    let signer = opened.get(key);
    if (!signer) {
      signer = open(db, env, companyId, cnpj);
      opened.set(key, signer);
      signer.catch(() => opened.delete(key));
    }
    return signer;
  };
}
