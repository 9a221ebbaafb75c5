import { env } from "cloudflare:test";
import {
  accountTypes,
  bankAccounts,
  consumers,
  documentTypes,
  paymentTypes,
  suppliers,
} from "../../drizzle/schema";
import { drizzleFor } from "../../src/db/client";
import type { AccountName } from "./seed";

/**
 * Rows the conciliation-rule tests reference, inserted straight into the account's D1 (the
 * routes that create them are built elsewhere). Every factory answers the new id.
 */
export function ruleFactories(account: AccountName = "demo") {
  const db = drizzleFor(account === "demo" ? env.DB_DEMO : env.DB_ACME);
  const idOf = (rows: { id: number }[]) => rows[0]!.id;
  return {
    db,
    bankAccount: async (companyId: number, fields: { bank?: string; status?: number } = {}) =>
      idOf(
        await db
          .insert(bankAccounts)
          .values({ companyId, bank: fields.bank ?? "Banco Teste", bankNumber: "001", status: fields.status })
          .returning({ id: bankAccounts.id }),
      ),
    supplier: async (companyId: number, status = 1) =>
      idOf(
        await db
          .insert(suppliers)
          .values({ companyId, name: "Fornecedor Teste", status })
          .returning({ id: suppliers.id }),
      ),
    consumer: async (companyId: number, status = 1) =>
      idOf(
        await db
          .insert(consumers)
          .values({ companyId, name: "Cliente Teste", status })
          .returning({ id: consumers.id }),
      ),
    documentType: async (companyId: number, status = 1) =>
      idOf(
        await db
          .insert(documentTypes)
          .values({ companyId, description: "Boleto", status })
          .returning({ id: documentTypes.id }),
      ),
    paymentType: async (companyId: number, status = 1) =>
      idOf(
        await db
          .insert(paymentTypes)
          .values({ companyId, description: "Pix", status })
          .returning({ id: paymentTypes.id }),
      ),
    accountType: async (companyId: number, typeAccount = 0, status = 1) =>
      idOf(
        await db
          .insert(accountTypes)
          .values({ companyId, description: "Vendas", typeAccount, status })
          .returning({ id: accountTypes.id }),
      ),
  };
}
