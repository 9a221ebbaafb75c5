/**
 * The invoicing company's certificate (`/company/invoice/{id}/certificate`): the ICP-Brasil A1 PKCS#12
 * read in the Worker (pkcs12.ts), checked (valid now, RSA, its CNPJ's root the invoicing company's
 * Document root) and stored in the company's certificate store under its CNPJ, the key sealed with
 * the credentials key. Nothing is stored when a check fails.
 */
import {
  type CompanyCertificateRow,
  deleteCertificate,
  findCertificate,
  saveCertificate,
  signingCertificate,
} from "../../db/certificates";
import { companyInvoiceRows } from "../../db/registries/company-invoices";
import type { Db, Env } from "../../env";
import { cnpjRoot, isValidCnpj, normaliseDocument } from "../../lib/document-number";
import { badRequest } from "../../lib/errors";
import { importSigningKey } from "../../lib/xmldsig";
import { encryptCredentials } from "../../platform/credentials-cipher";
import { isBindingName } from "../pix/settings-rules";
import { COMPANY_INVOICE_NOT_FOUND } from "../registries/messages";
import { CERTIFICATE_MESSAGES as M } from "./messages";
import { type Pkcs12Certificate, readPkcs12 } from "./pkcs12";

export type CertificateUpload = {
  /** The .pfx bytes; null when not sent. */
  file: Uint8Array | null;
  password: string | undefined;
  /** The `mtls_certificates` binding's name; undefined keeps the stored one, null removes it. */
  mtlsCertificate?: string | null | undefined;
};

/** What is shown of a stored certificate (never the key). */
export type CertificateView = {
  cnpj: string;
  subject: string | null;
  notBefore: string | null;
  notAfter: string | null;
  mtlsCertificate: string | null;
  updatedAt: string;
};

export const certificateView = (row: CompanyCertificateRow): CertificateView => ({
  cnpj: row.cnpj,
  subject: row.subject,
  notBefore: row.notBefore,
  notAfter: row.notAfter,
  mtlsCertificate: row.mtlsCertificate,
  updatedAt: row.updatedAt,
});

/** The invoicing company's CNPJ (its Document), or the 400 that says why there is none. */
async function invoiceCnpj(db: Db, companyId: number, invoiceId: number): Promise<string> {
  const invoice = await companyInvoiceRows.find(db, companyId, invoiceId);
  if (!invoice) throw badRequest(COMPANY_INVOICE_NOT_FOUND);
  const document = invoice.document ? normaliseDocument(invoice.document) : "";
  if (!document) throw badRequest(M.noDocument);
  return document;
}

/** Why the certificate cannot sign for the invoicing company of `document` now, or null. */
export function certificateRefusal(
  certificate: Pkcs12Certificate,
  document: string,
  now: Date,
): string | null {
  if (Date.parse(certificate.notAfter) <= now.getTime()) return M.expired(certificate.notAfter);
  if (Date.parse(certificate.notBefore) > now.getTime()) return M.notYetValid(certificate.notBefore);
  const cnpj = certificate.cnpj === null ? null : normaliseDocument(certificate.cnpj);
  if (!cnpj) return M.noCnpj;
  if (!isValidCnpj(cnpj)) return M.cnpjInvalid(cnpj);
  if (cnpjRoot(cnpj) !== cnpjRoot(document)) return M.otherRoot(cnpj, document);
  return null;
}

export async function storeInvoiceCertificate(
  db: Db,
  env: Env,
  companyId: number,
  invoiceId: number,
  upload: CertificateUpload,
  now = new Date(),
): Promise<CertificateView> {
  const document = await invoiceCnpj(db, companyId, invoiceId);
  if (typeof upload.mtlsCertificate === "string" && !isBindingName(upload.mtlsCertificate))
    throw badRequest(M.mtlsCertificateInvalid);
  if (!upload.file || upload.file.length === 0) throw badRequest(M.fileRequired);
  if (upload.password === undefined) throw badRequest(M.passwordRequired);
  const reading = readPkcs12(upload.file, upload.password);
  if (!reading.ok) throw badRequest(reading.reason);
  const certificate = reading.certificate;
  const refusal = certificateRefusal(certificate, document, now);
  if (refusal) throw badRequest(refusal);
  // WebCrypto must take the key as the signer will (RSASSA-PKCS1-v1_5)
  await importSigningKey(certificate.privateKeyPem).catch(() => {
    throw badRequest(M.notRsa);
  });
  if (!env.HUB_CREDENTIALS_KEY) throw badRequest(M.noCipherKey);
  const cnpj = normaliseDocument(certificate.cnpj!);
  const stored = await findCertificate(db, companyId, cnpj);
  const row = await saveCertificate(db, companyId, cnpj, {
    certificatePem: certificate.certificatePem,
    subject: certificate.subject,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
    mtlsCertificate:
      upload.mtlsCertificate === undefined ? (stored?.mtlsCertificate ?? null) : upload.mtlsCertificate,
    privateKey: await encryptCredentials(env.HUB_CREDENTIALS_KEY, companyId, {
      pem: certificate.privateKeyPem,
    }),
  });
  return certificateView(row);
}

/** The certificate that signs for the invoicing company (its CNPJ's, else its root's), or a 400. */
async function invoiceCertificateRow(db: Db, companyId: number, invoiceId: number) {
  const row = await signingCertificate(db, companyId, await invoiceCnpj(db, companyId, invoiceId));
  if (!row) throw badRequest(M.notFound);
  return row;
}

export async function invoiceCertificate(
  db: Db,
  companyId: number,
  invoiceId: number,
): Promise<CertificateView> {
  return certificateView(await invoiceCertificateRow(db, companyId, invoiceId));
}

/** Removes the certificate `GET` shows (the SEFAZ integration of that CNPJ loses it too). */
export async function removeInvoiceCertificate(db: Db, companyId: number, invoiceId: number): Promise<void> {
  const row = await invoiceCertificateRow(db, companyId, invoiceId);
  await deleteCertificate(db, companyId, row.cnpj);
}
