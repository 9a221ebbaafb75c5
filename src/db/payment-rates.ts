import { and, asc, eq } from "drizzle-orm";
import { paymentTypeRates, paymentTypes } from "../../drizzle/schema";
import type { Db } from "../env";
import { existsInCompany } from "./lookups";

export type PaymentRateRow = typeof paymentTypeRates.$inferSelect;
export type PaymentRateFields = Omit<PaymentRateRow, "id" | "companyId" | "paymentTypeId">;

export const paymentTypeExists = (db: Db, companyId: number, paymentTypeId: number) =>
  existsInCompany(db, paymentTypes, companyId, paymentTypeId);

const ofPaymentType = (companyId: number, paymentTypeId: number) =>
  and(eq(paymentTypeRates.companyId, companyId), eq(paymentTypeRates.paymentTypeId, paymentTypeId));

/** The rates of one payment type, by number of installments. */
export function ratesOf(db: Db, companyId: number, paymentTypeId: number): Promise<PaymentRateRow[]> {
  return db
    .select()
    .from(paymentTypeRates)
    .where(ofPaymentType(companyId, paymentTypeId))
    .orderBy(asc(paymentTypeRates.installments));
}

export function rateFor(
  db: Db,
  companyId: number,
  paymentTypeId: number,
  installments: number,
): Promise<PaymentRateRow | undefined> {
  return db
    .select()
    .from(paymentTypeRates)
    .where(and(ofPaymentType(companyId, paymentTypeId), eq(paymentTypeRates.installments, installments)))
    .get();
}

/** Replaces every rate of a payment type by `rates`, in one batch. */
export async function replaceRates(
  db: Db,
  companyId: number,
  paymentTypeId: number,
  rates: PaymentRateFields[],
): Promise<void> {
  const remove = db.delete(paymentTypeRates).where(ofPaymentType(companyId, paymentTypeId));
  const inserts = rates.map((rate) =>
    db.insert(paymentTypeRates).values({ ...rate, companyId, paymentTypeId }),
  );
  await db.batch([remove, ...inserts]);
}
