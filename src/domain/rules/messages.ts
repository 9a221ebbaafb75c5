/** Messages of the conciliation-rule operations, exact text of SPEC.md (and ours where it is silent). */
export const RULE_MESSAGES = {
  companyNotFound: "Empresa não existe",
  duplicateDescription: "Já existe uma regra com a mesma descrição para essa conta bancária",
  bankAccountRequired: "Conta bancária obrigatória",
  bankAccountNotFound: "Conta bancária não existe",
  bankAccountToRequired: "Conta bancária destino obrigatória em regra do tipo transferência",
  bankAccountToNotFound: "Conta bancária destino não existe",
  bankAccountToSameAsOrigin: "Conta bancária destino e origem não podem ser igual",
  typeRuleRequired: "Tipo regra obrigatório",
  typeRuleNotFound: "Tipo regra não existe",
  paymentTypeNotFound: "Tipo pagamento não existe",
  documentTypeNotFound: "Tipo documento não existe",
  supplierNotFound: "Fornecedor não existe",
  consumerNotFound: "Cliente não existe",
  createFailed: "Erro ao criar regra",
  ruleNotFound: "Regra não existe",
  // Not named by SPEC.md: the rule's transaction type (DESIGN.md) and the chart-of-accounts filter.
  typeAccountRequired: "Tipo transação obrigatório (IDTypeAccount: 0 crédito, 1 débito)",
  typeAccountNotFound: "Tipo transação não existe (IDTypeAccount: 0 crédito, 1 débito)",
  accountTypeNotFound: "Plano de contas não existe",
} as const;
