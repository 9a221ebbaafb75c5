import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { companyCertificates } from "../../drizzle/schema";
import type { Db } from "../env";
import { utcNow } from "./sql";

/** The company's certificate store, one row per CNPJ (drizzle/schema/certificates.ts). */

export type CompanyCertificateRow = typeof companyCertificates.$inferSelect;
export type CompanyCertificateValues = Pick<
  CompanyCertificateRow,
  "certificatePem" | "subject" | "notBefore" | "notAfter" | "mtlsCertificate" | "privateKey"
>;

/** The row of exactly this CNPJ. */
export async function findCertificate(
  db: Db,
  companyId: number,
  cnpj: string,
): Promise<CompanyCertificateRow | undefined> {
  return db
    .select()
    .from(companyCertificates)
    .where(and(eq(companyCertificates.companyId, companyId), eq(companyCertificates.cnpj, cnpj)))
    .get();
}

/**
 * The certificate that signs for `cnpj`: the row of that CNPJ when it holds a certificate and a key,
 * else one of the same root (the first 8 characters: an e-CNPJ signs for the whole company), the
 * one valid longest first.
 */
export async function signingCertificate(
  db: Db,
  companyId: number,
  cnpj: string,
): Promise<CompanyCertificateRow | undefined> {
  return db
    .select()
    .from(companyCertificates)
    .where(
      and(
        eq(companyCertificates.companyId, companyId),
        sql`substr(${companyCertificates.cnpj}, 1, 8) = ${cnpj.slice(0, 8)}`,
        isNotNull(companyCertificates.certificatePem),
        isNotNull(companyCertificates.privateKey),
      ),
    )
    .orderBy(sql`${companyCertificates.cnpj} = ${cnpj} DESC`, desc(companyCertificates.notAfter))
    .get();
}

/** Writes the CNPJ's row (created the first time, replaced after). */
export async function saveCertificate(
  db: Db,
  companyId: number,
  cnpj: string,
  values: CompanyCertificateValues,
): Promise<CompanyCertificateRow> {
  const [row] = await db
    .insert(companyCertificates)
    .values({ companyId, cnpj, ...values })
    .onConflictDoUpdate({
      target: [companyCertificates.companyId, companyCertificates.cnpj],
      set: { ...values, updatedAt: utcNow },
    })
    .returning();
  return row!;
}

/** Removes the CNPJ's row; false when there was none. */
export async function deleteCertificate(db: Db, companyId: number, cnpj: string): Promise<boolean> {
  const rows = await db
    .delete(companyCertificates)
    .where(and(eq(companyCertificates.companyId, companyId), eq(companyCertificates.cnpj, cnpj)))
    .returning({ id: companyCertificates.id });
  return rows.length > 0;
}
