import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id, updatedAt } from "./columns";

/**
 * The company's certificate store: one row per CNPJ the company signs for (the ICP-Brasil A1
 * certificate of `POST /company/invoice/{id}/certificate`, or the PEM pair written through the SEFAZ
 * integration's settings). The NF-e emission and the SEFAZ distribution and manifest read their
 * certificate, key and mTLS binding from here (src/domain/certificates/signer.ts).
 */
export const companyCertificates = sqliteTable(
  "company_certificates",
  {
    id: id(),
    companyId: companyId(),
    /** The CNPJ (14 characters, no punctuation) the certificate speaks for. */
    cnpj: text().notNull(),
    /** The certificate (PEM of its DER); null when only a key or a binding name was given (SEFAZ settings). */
    certificatePem: text(),
    /** The subject's distinguished name (a PKCS#12) or its CN (a PEM of the SEFAZ settings). */
    subject: text(),
    /** ISO 8601 UTC. */
    notBefore: text(),
    notAfter: text(),
    /** Name of the Workers `mtls_certificates` binding that presents this certificate; null = none. */
    mtlsCertificate: text(),
    /** AES-GCM ciphertext (`encryptCredentials`, `{ pem }`) of the PKCS#8 private key; never answered. */
    privateKey: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("company_certificates_cnpj").on(t.companyId, t.cnpj)],
);
