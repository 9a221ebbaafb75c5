import {
  deleteRule,
  findRule,
  insertRule,
  listRules,
  type RuleFilter,
  type RuleRow,
  ruleFacts,
  updateRule,
} from "../../db/conciliation-rules";
import type { Db } from "../../env";
import { ApiError, badRequest, refuseOnConflict } from "../../lib/errors";
import { errorFields, log } from "../../lib/log";
import { RULE_MESSAGES as M } from "./messages";
import { checkRule, type RuleFields, type RuleValues, shapeRule } from "./rule-check";

/** A rule as sent: `undefined` = not sent, `null` = sent empty. */
export type RuleInput = { [K in keyof RuleFields]?: RuleFields[K] | null };

const FIELDS = [
  "bankAccountId",
  "typeRule",
  "typeAccount",
  "description",
  "bankAccountToId",
  "accountTypeId",
  "documentTypeId",
  "paymentTypeId",
  "supplierId",
  "consumerId",
  "payerDocument",
  "hasTxId",
] as const satisfies readonly (keyof RuleFields)[];

/** The sent fields over a base: fields not sent keep the base value. */
function merge(base: RuleFields, input: RuleInput): RuleFields {
  const merged = { ...base };
  for (const field of FIELDS) {
    const value = input[field];
    if (value !== undefined) (merged as Record<string, unknown>)[field] = value;
  }
  return merged;
}

const EMPTY_RULE: RuleFields = {
  bankAccountId: null,
  typeRule: null,
  typeAccount: null,
  description: null,
  bankAccountToId: null,
  accountTypeId: null,
  documentTypeId: null,
  paymentTypeId: null,
  supplierId: null,
  consumerId: null,
  payerDocument: null,
  hasTxId: null,
};

async function validRule(
  db: Db,
  companyId: number,
  fields: RuleFields,
  options: { checkCompany: boolean; ruleId?: number },
): Promise<RuleValues> {
  const shaped = shapeRule(fields);
  const facts = await ruleFacts(db, companyId, shaped, options.ruleId);
  const check = checkRule(shaped, facts, options);
  if (!check.ok) throw badRequest(check.message);
  return check.rule;
}

export function getRules(db: Db, companyId: number, filter: RuleFilter): Promise<RuleRow[]> {
  return listRules(db, companyId, filter);
}

/** A rule as sent for creation, validated (first problem as the spec's 400) and ready to store. */
export function validNewRule(db: Db, companyId: number, input: RuleInput): Promise<RuleValues> {
  return validRule(db, companyId, merge(EMPTY_RULE, input), { checkCompany: true });
}

/**
 * Creates a rule. A concurrent request that stored the same description first makes the unique
 * index refuse the insert: same answer as the pre-check. Any other failure of the insert is the
 * spec's `Erro ao criar regra` (logged with its cause).
 */
export async function createRule(db: Db, companyId: number, input: RuleInput): Promise<RuleRow> {
  const rule = await validNewRule(db, companyId, input);
  try {
    return await refuseOnConflict(() => insertRule(db, companyId, rule), M.duplicateDescription);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    log("error", "conciliation rule insert failed", { companyId, ...errorFields(error) });
    throw badRequest(M.createFailed);
  }
}

/**
 * Changes a rule: fields not sent keep their stored value, except IDBankAccount and IDTypeRule,
 * which must be sent on every call. The merged rule is validated as a new one (without the
 * company message), its own description excluded from the uniqueness check.
 */
export async function changeRule(
  db: Db,
  companyId: number,
  ruleId: number,
  input: RuleInput,
): Promise<RuleRow> {
  const stored = await findRule(db, companyId, ruleId);
  if (!stored) throw badRequest(M.ruleNotFound);
  const fields = merge(storedFields(stored), input);
  fields.bankAccountId = input.bankAccountId ?? null;
  fields.typeRule = input.typeRule ?? null;
  const rule = await validRule(db, companyId, fields, { checkCompany: false, ruleId });
  const updated = await refuseOnConflict(
    () => updateRule(db, companyId, ruleId, rule),
    M.duplicateDescription,
  );
  if (!updated) throw badRequest(M.ruleNotFound);
  return updated;
}

export async function removeRule(db: Db, companyId: number, ruleId: number): Promise<void> {
  if (!(await deleteRule(db, companyId, ruleId))) throw badRequest(M.ruleNotFound);
}

function storedFields(row: RuleRow): RuleFields {
  return {
    bankAccountId: row.bankAccountId,
    typeRule: row.typeRule,
    typeAccount: row.typeAccount,
    description: row.description,
    bankAccountToId: row.bankAccountToId,
    accountTypeId: row.accountTypeId,
    documentTypeId: row.documentTypeId,
    paymentTypeId: row.paymentTypeId,
    supplierId: row.supplierId,
    consumerId: row.consumerId,
    payerDocument: row.payerDocument,
    hasTxId: row.hasTxId,
  };
}
