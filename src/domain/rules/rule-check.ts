import { RULE_MESSAGES as M } from "./messages";
import { normaliseText } from "./normalise-text";
import { isValidPayerDocument, normalisePayerDocument } from "./payer-document";

/** IDTypeRule: 1 settles a payable/receivable title, 2 is a transfer between bank accounts. */
export const RULE_TYPE = { titles: 1, transfer: 2 } as const;
export type RuleType = (typeof RULE_TYPE)[keyof typeof RULE_TYPE];

/** IDTypeAccount of a rule: 0 credit (inflow, bank value > 0), 1 debit (outflow, bank value < 0). */
export const DIRECTION = { credit: 0, debit: 1 } as const;
export type Direction = (typeof DIRECTION)[keyof typeof DIRECTION];

/** The title filters of a type 1 rule; null means "any". */
export type TitleFilters = {
  accountTypeId: number | null;
  documentTypeId: number | null;
  paymentTypeId: number | null;
  supplierId: number | null;
  consumerId: number | null;
};

/**
 * The conditions a rule puts on the bank line itself (both rule types), beyond its description:
 * - `payerDocument`: only lines whose payer has this CPF/CNPJ (normalised, see payer-document.ts);
 * - `hasTxId`: true only lines with a Pix `txid`, false only lines without one; null = either.
 */
export type LineConditions = {
  payerDocument: string | null;
  hasTxId: boolean | null;
};

/** A rule as the client describes it; on update, already merged with the stored rule. */
export type RuleFields = TitleFilters &
  LineConditions & {
    bankAccountId: number | null;
    typeRule: number | null;
    typeAccount: number | null;
    description: string | null;
    bankAccountToId: number | null;
  };

/** A valid rule, ready to store. */
export type RuleValues = TitleFilters &
  LineConditions & {
    bankAccountId: number;
    typeRule: RuleType;
    typeAccount: Direction;
    /** Trimmed text, null when blank. */
    description: string | null;
    /** The rule's key on its bank account, unique there: see `ruleKey`. */
    descriptionKey: string;
    bankAccountToId: number | null;
  };

/** What the database says about the references of a candidate rule (false for absent ids). */
export type RuleFacts = {
  companyExists: boolean;
  bankAccountExists: boolean;
  /** Another active rule of the same bank account has the same description key. */
  descriptionTaken: boolean;
  bankAccountToExists: boolean;
  accountTypeExists: boolean;
  paymentTypeExists: boolean;
  documentTypeExists: boolean;
  supplierExists: boolean;
  consumerExists: boolean;
};

const NO_FILTERS: TitleFilters = {
  accountTypeId: null,
  documentTypeId: null,
  paymentTypeId: null,
  supplierId: null,
  consumerId: null,
};

/**
 * The key that makes a rule unique on its bank account (column `description_key`).
 *
 * A rule with a description: `normaliseText(description)`, whatever its conditions, so a
 * description never repeats on an account (SPEC.md), with or without a payer document.
 * A rule without description: `""` when it has no line condition (one such catch-all per account,
 * as before); with conditions, a key of its conditions, so each payer (and each "has TxId" choice)
 * may have its own rule without description. That key is written in upper case and a normalised
 * description is always lower case, so the two kinds never collide.
 */
export function ruleKey(descriptionKey: string, conditions: LineConditions): string {
  const { payerDocument, hasTxId } = conditions;
  if (descriptionKey !== "" || (payerDocument === null && hasTxId === null)) return descriptionKey;
  const txId = hasTxId === null ? "*" : hasTxId ? "1" : "0";
  return `#PAYER=${payerDocument ?? "*"};TXID=${txId}`;
}

/**
 * Applies the type rules before anything is checked: type 1 discards IDBankAccountTo, type 2
 * discards the title filters (discarded ids are neither validated nor stored). The description
 * is trimmed (null when blank), the payer document normalised (null when blank) and the rule's
 * key computed. The line conditions hold for both types.
 */
export function shapeRule(fields: RuleFields): RuleFields & { descriptionKey: string } {
  const description = fields.description?.trim() || null;
  const payerDocument = fields.payerDocument === null ? null : normalisePayerDocument(fields.payerDocument);
  const descriptionKey = ruleKey(normaliseText(description ?? ""), {
    payerDocument,
    hasTxId: fields.hasTxId,
  });
  const shaped = { ...fields, description, payerDocument, descriptionKey };
  if (fields.typeRule === RULE_TYPE.titles) return { ...shaped, bankAccountToId: null };
  if (fields.typeRule === RULE_TYPE.transfer) return { ...shaped, ...NO_FILTERS };
  return shaped;
}

export type RuleCheck = { ok: true; rule: RuleValues } | { ok: false; message: string };

/**
 * The first problem of a shaped rule, in this order (SPEC.md's listing order, except that the
 * description can only be compared once the bank account is known and the destination rules
 * depend on the rule type):
 * company, bank account required / exists, description unique on that account, rule type
 * required / 1 or 2, transaction type required / 0 or 1, destination required (type 2) / exists /
 * differs from the origin, then the type 1 filters: chart of accounts, payment type, document
 * type, supplier, customer, and last the payer document (a CPF or CNPJ with valid check digits).
 * `checkCompany` is false on update (SPEC.md: update has no company message).
 */
export function checkRule(
  shaped: RuleFields & { descriptionKey: string },
  facts: RuleFacts,
  { checkCompany }: { checkCompany: boolean },
): RuleCheck {
  const fail = (message: string): RuleCheck => ({ ok: false, message });
  if (checkCompany && !facts.companyExists) return fail(M.companyNotFound);
  if (shaped.bankAccountId === null) return fail(M.bankAccountRequired);
  if (!facts.bankAccountExists) return fail(M.bankAccountNotFound);
  if (facts.descriptionTaken) return fail(M.duplicateDescription);
  if (shaped.typeRule === null) return fail(M.typeRuleRequired);
  if (shaped.typeRule !== RULE_TYPE.titles && shaped.typeRule !== RULE_TYPE.transfer)
    return fail(M.typeRuleNotFound);
  if (shaped.typeAccount === null) return fail(M.typeAccountRequired);
  if (shaped.typeAccount !== DIRECTION.credit && shaped.typeAccount !== DIRECTION.debit)
    return fail(M.typeAccountNotFound);
  if (shaped.typeRule === RULE_TYPE.transfer) {
    if (shaped.bankAccountToId === null) return fail(M.bankAccountToRequired);
    if (!facts.bankAccountToExists) return fail(M.bankAccountToNotFound);
    if (shaped.bankAccountToId === shaped.bankAccountId) return fail(M.bankAccountToSameAsOrigin);
  }
  if (shaped.accountTypeId !== null && !facts.accountTypeExists) return fail(M.accountTypeNotFound);
  if (shaped.paymentTypeId !== null && !facts.paymentTypeExists) return fail(M.paymentTypeNotFound);
  if (shaped.documentTypeId !== null && !facts.documentTypeExists) return fail(M.documentTypeNotFound);
  if (shaped.supplierId !== null && !facts.supplierExists) return fail(M.supplierNotFound);
  if (shaped.consumerId !== null && !facts.consumerExists) return fail(M.consumerNotFound);
  if (shaped.payerDocument !== null && !isValidPayerDocument(shaped.payerDocument))
    return fail(M.payerDocumentInvalid);
  return {
    ok: true,
    rule: {
      ...shaped,
      bankAccountId: shaped.bankAccountId,
      typeRule: shaped.typeRule,
      typeAccount: shaped.typeAccount,
    },
  };
}
