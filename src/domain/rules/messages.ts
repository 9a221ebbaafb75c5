import { BANK_ACCOUNT_NOT_FOUND, BANK_ACCOUNT_REQUIRED } from "../bank-accounts/messages";
import { COMPANY_NOT_FOUND } from "../company/messages";
import {
  ACCOUNT_TYPE_NOT_FOUND,
  CONSUMER_NOT_FOUND,
  DOCUMENT_TYPE_NOT_FOUND,
  PAYMENT_TYPE_NOT_FOUND,
  SUPPLIER_NOT_FOUND,
} from "../registries/messages";

/** Messages of the conciliation-rule operations, exact text of SPEC.md (and ours where it is silent). */
export const RULE_MESSAGES = {
  companyNotFound: COMPANY_NOT_FOUND,
  duplicateDescription: "Já existe uma regra com a mesma descrição para essa conta bancária",
  bankAccountRequired: BANK_ACCOUNT_REQUIRED,
  bankAccountNotFound: BANK_ACCOUNT_NOT_FOUND,
  bankAccountToRequired: "Conta bancária destino obrigatória em regra do tipo transferência",
  bankAccountToNotFound: "Conta bancária destino não existe",
  bankAccountToSameAsOrigin: "Conta bancária destino e origem não podem ser igual",
  typeRuleRequired: "Tipo regra obrigatório",
  typeRuleNotFound: "Tipo regra não existe",
  paymentTypeNotFound: PAYMENT_TYPE_NOT_FOUND,
  documentTypeNotFound: DOCUMENT_TYPE_NOT_FOUND,
  supplierNotFound: SUPPLIER_NOT_FOUND,
  consumerNotFound: CONSUMER_NOT_FOUND,
  createFailed: "Erro ao criar regra",
  ruleNotFound: "Regra não existe",
  // Not named by SPEC.md: the rule's transaction type (DESIGN.md) and the chart-of-accounts filter.
  typeAccountRequired: "Tipo transação obrigatório (IDTypeAccount: 0 crédito, 1 débito)",
  typeAccountNotFound: "Tipo transação não existe (IDTypeAccount: 0 crédito, 1 débito)",
  accountTypeNotFound: ACCOUNT_TYPE_NOT_FOUND,
  // Not named by SPEC.md: the rule's condition on the payer of the line (issue 25).
  payerDocumentInvalid:
    "Documento do pagador inválido (PayerDocument: CPF de 11 dígitos ou CNPJ de 14 caracteres, com dígitos verificadores válidos)",
} as const;
