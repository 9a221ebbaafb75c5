import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  accountTypes,
  bankAccounts,
  companies,
  conciliationRules,
  consumers,
  documentTypes,
  paymentTypes,
  suppliers,
} from "../../drizzle/schema";
import type { RuleFacts, RuleFields, RuleValues } from "../domain/rules/rule-check";
import type { Db } from "../env";
import { eqIf, onPage, utcNow } from "./sql";

type StoredRule = typeof conciliationRules.$inferSelect;

/** A stored rule, `hasTxId` read as the domain's boolean (the column holds 1, 0 or null). */
export type RuleRow = Omit<StoredRule, "hasTxId"> & { hasTxId: boolean | null };

function ruleRow(row: StoredRule): RuleRow {
  return { ...row, hasTxId: row.hasTxId === null ? null : row.hasTxId === 1 };
}

type ActiveCompanyTable = SQLiteTable & { id: SQLiteColumn; companyId: SQLiteColumn; status: SQLiteColumn };

/** `EXISTS` an active row of `table` with this id owned by the company; false for an absent id. */
function activeInCompany(table: ActiveCompanyTable, companyId: number, id: number | null): SQL {
  if (id === null) return sql`0`;
  return sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.id} = ${id} AND ${table.companyId} = ${companyId} AND ${table.status} = 1)`;
}

/**
 * A rule is visible to a company when it is active and its bank account is an active account
 * of that company; anything else answers as nonexistent.
 */
function visibleRules(companyId: number): SQL {
  return and(
    eq(conciliationRules.companyId, companyId),
    eq(conciliationRules.status, 1),
    eq(bankAccounts.companyId, companyId),
    eq(bankAccounts.status, 1),
  )!;
}

/**
 * Every fact the rule validation needs, in one round trip. The description comparison ignores
 * status (a deleted rule's key is cleared) so it agrees with the unique index
 * (bank_account_id, description_key); `ignoreRuleId` is the rule being changed.
 */
export async function ruleFacts(
  db: Db,
  companyId: number,
  rule: RuleFields & { descriptionKey: string },
  ignoreRuleId = 0,
): Promise<RuleFacts> {
  const r = conciliationRules;
  const descriptionTaken =
    rule.bankAccountId === null
      ? sql`0`
      : sql`EXISTS (SELECT 1 FROM ${r} WHERE ${r.bankAccountId} = ${rule.bankAccountId} AND ${r.descriptionKey} = ${rule.descriptionKey} AND ${r.id} <> ${ignoreRuleId})`;
  const row = await db.get<Record<keyof RuleFacts, number>>(sql`SELECT
    EXISTS (SELECT 1 FROM ${companies} WHERE ${companies.id} = ${companyId} AND ${companies.status} = 1) AS companyExists,
    ${activeInCompany(bankAccounts, companyId, rule.bankAccountId)} AS bankAccountExists,
    ${descriptionTaken} AS descriptionTaken,
    ${activeInCompany(bankAccounts, companyId, rule.bankAccountToId)} AS bankAccountToExists,
    ${activeInCompany(accountTypes, companyId, rule.accountTypeId)} AS accountTypeExists,
    ${activeInCompany(paymentTypes, companyId, rule.paymentTypeId)} AS paymentTypeExists,
    ${activeInCompany(documentTypes, companyId, rule.documentTypeId)} AS documentTypeExists,
    ${activeInCompany(suppliers, companyId, rule.supplierId)} AS supplierExists,
    ${activeInCompany(consumers, companyId, rule.consumerId)} AS consumerExists`);
  return {
    companyExists: row?.companyExists === 1,
    bankAccountExists: row?.bankAccountExists === 1,
    descriptionTaken: row?.descriptionTaken === 1,
    bankAccountToExists: row?.bankAccountToExists === 1,
    accountTypeExists: row?.accountTypeExists === 1,
    paymentTypeExists: row?.paymentTypeExists === 1,
    documentTypeExists: row?.documentTypeExists === 1,
    supplierExists: row?.supplierExists === 1,
    consumerExists: row?.consumerExists === 1,
  };
}

export type RuleFilter = { bankAccountId?: number; ruleId?: number; page: number };

/** Visible rules of the company, by id, one page of 5000. */
export async function listRules(db: Db, companyId: number, filter: RuleFilter): Promise<RuleRow[]> {
  const conditions = [
    visibleRules(companyId),
    eqIf(conciliationRules.bankAccountId, filter.bankAccountId),
    eqIf(conciliationRules.id, filter.ruleId),
  ];
  const rows = await onPage(
    db
      .select({ rule: conciliationRules })
      .from(conciliationRules)
      .innerJoin(bankAccounts, eq(bankAccounts.id, conciliationRules.bankAccountId))
      .where(and(...conditions))
      .orderBy(asc(conciliationRules.id)),
    filter.page,
  );
  return rows.map((r) => ruleRow(r.rule));
}

export async function findRule(db: Db, companyId: number, ruleId: number): Promise<RuleRow | undefined> {
  const [rule] = await listRules(db, companyId, { ruleId, page: 0 });
  return rule;
}

export async function insertRule(db: Db, companyId: number, values: RuleValues): Promise<RuleRow> {
  const [row] = await db
    .insert(conciliationRules)
    .values({ ...storedFields(values), companyId })
    .returning();
  return ruleRow(row!);
}

/** Replaces the stored fields of a rule; undefined when it is no longer visible. */
export async function updateRule(
  db: Db,
  companyId: number,
  ruleId: number,
  values: RuleValues,
): Promise<RuleRow | undefined> {
  const [row] = await db
    .update(conciliationRules)
    .set({ ...storedFields(values), updatedAt: utcNow })
    .where(
      and(
        eq(conciliationRules.id, ruleId),
        eq(conciliationRules.companyId, companyId),
        eq(conciliationRules.status, 1),
      ),
    )
    .returning();
  return row && ruleRow(row);
}

/**
 * Soft-deletes a visible rule (bank lines keep the id of the rule that matched them) and clears
 * its description key so the description is free again. False when the rule is not visible.
 */
export async function deleteRule(db: Db, companyId: number, ruleId: number): Promise<boolean> {
  const rows = await db
    .update(conciliationRules)
    .set({ status: 0, descriptionKey: null, updatedAt: utcNow })
    .where(
      and(
        eq(conciliationRules.id, ruleId),
        eq(conciliationRules.companyId, companyId),
        eq(conciliationRules.status, 1),
        inArray(
          conciliationRules.bankAccountId,
          db
            .select({ id: bankAccounts.id })
            .from(bankAccounts)
            .where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.status, 1))),
        ),
      ),
    )
    .returning({ id: conciliationRules.id });
  return rows.length > 0;
}

/** Active rules of the given bank accounts of the company: the input of the line matcher. */
export async function rulesOfAccounts(
  db: Db,
  companyId: number,
  bankAccountIds: number[],
): Promise<RuleRow[]> {
  if (bankAccountIds.length === 0) return [];
  const rows = await db
    .select({ rule: conciliationRules })
    .from(conciliationRules)
    .innerJoin(bankAccounts, eq(bankAccounts.id, conciliationRules.bankAccountId))
    .where(and(visibleRules(companyId), inArray(conciliationRules.bankAccountId, bankAccountIds)))
    .orderBy(asc(conciliationRules.id));
  return rows.map((r) => ruleRow(r.rule));
}

function storedFields(values: RuleValues) {
  return {
    bankAccountId: values.bankAccountId,
    typeRule: values.typeRule,
    typeAccount: values.typeAccount,
    description: values.description,
    descriptionKey: values.descriptionKey,
    bankAccountToId: values.bankAccountToId,
    accountTypeId: values.accountTypeId,
    documentTypeId: values.documentTypeId,
    paymentTypeId: values.paymentTypeId,
    supplierId: values.supplierId,
    consumerId: values.consumerId,
    payerDocument: values.payerDocument,
    hasTxId: values.hasTxId === null ? null : values.hasTxId ? 1 : 0,
  };
}
