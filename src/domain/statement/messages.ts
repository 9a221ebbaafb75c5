/** Messages of the statement listing (GET /accounts/bank-statement) and of manual bank lines. */
export const STATEMENT_MESSAGES = {
  sourceRequired: "Source é obrigatório e deve ser 1 (extrato interno) ou 2 (extrato bancário importado)",
  statusOnlyWithSource2: "IDTypeStatusConciliation só pode ser usado com Source=2",
  onlyTransferOnlyWithSource1: "OnlyTransfer só pode ser usado com Source=1",
  dateRangeInverted: "DateFrom não pode ser posterior a DateTo",
  companyNotFound: "Empresa não encontrada",
  bankAccountNotFound: "Conta bancária não encontrada",
  bankAccountNotSelected: "Conta bancária não selecionada",
  bankLineNotFound: "Lançamento conciliação bancária não encontrado",
  bankLineValueZero: "Valor deve ser diferente de zero",
  acquirerLineNotFound: "Lançamento de conciliação de adquirente não encontrado",
  netAboveGross: "NetValue não pode ser maior que GrossValue",
} as const;
