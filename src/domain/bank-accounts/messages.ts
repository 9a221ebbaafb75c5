/** Messages of the bank-account operations. The SPEC.md ones are exact text; keep accents. */

export { COMPANY_NOT_FOUND } from "../company/messages";
export {
  COMPANY_INVOICE_NOT_FOUND,
  INTEGRATION_NOT_FOUND,
  ORDER_TYPE_NOT_FOUND,
} from "../registries/messages";
export const PIX_INTEGRATION_NOT_FOUND = "Integração Pix não existe";
export const ORDER_TYPE_NOT_ENABLED_FOR_POS = "Tipo pedido não está habilitado para frente de caixa";
export const ORDER_TYPE_NOT_ENABLED_FOR_INVOICE =
  "Tipo pedido não está habilitado para esta empresa/faturador, ajustar no cadastro";
export const CASHIER_OPEN = "Conta possui caixa aberto e não pode ser editado";
export const NO_ADJUSTMENT = "Nenhum ajuste aplicado";
export const BANK_ACCOUNT_NOT_FOUND = "Conta bancária não existe";
export const BANK_ACCOUNT_REQUIRED = "Conta bancária obrigatória";
export const HAS_ENTRIES = "Conta bancária já possui pagamento / recebimento e não pode ser excluída";
export const HAS_TITLES = "Contas a pagar/receber esta com esta conta bancária e não pode ser excluída";
export const USED_BY_CASHIER =
  "Conta bancária já foi utilizada em abertura de caixa (PDV) e não pode ser excluída";

// Not fixed by the spec: required fields and the opening-balance pair.
export const BANK_REQUIRED = "Banco (Bank) é obrigatório";
export const BANK_NUMBER_REQUIRED = "Código do banco (BankNumber) é obrigatório";
export const OPENING_BALANCE_PAIR =
  "InitialBalance e InitialBalanceDate devem ser enviados juntos para ajustar o saldo inicial";
export const CHANGED_CONCURRENTLY = "A conta bancária foi alterada por outra requisição, tente novamente";

/** Description and document of the opening-balance adjustment entry (SPEC: PUT mode 2). */
export const adjustmentDescription = (date: string) => `Ajuste de saldo inicial para ${date}`;
export const ADJUSTMENT_DOCUMENT = "AJUSTE";
