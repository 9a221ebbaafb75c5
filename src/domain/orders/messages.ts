/** Messages of the orders area (orders, items, statuses, taxes, payments, import). Exact texts. */
import { STATEMENT_MESSAGES } from "../statement/messages";
import { itemError } from "../stock/messages";

export { lineInvalidQuantity, lineSkuNotFound, SKU_NOT_FOUND, WAREHOUSE_NOT_FOUND } from "../stock/messages";
export { itemError };

export const ORDER_NOT_FOUND = "Pedido não existe";
export const ORDER_STATUS_NOT_FOUND = "Status do pedido não existe";
export const ORDER_ITEMS_REQUIRED = "Items é obrigatório e deve ser um array com pelo menos um item";
export const ORDER_ITEM_NOT_FOUND = "Item do pedido não existe";
export const ORDER_CONSUMER_NOT_FOUND = "Cliente não existe";
export const ORDER_TYPE_NOT_FOUND = "Tipo pedido não existe";
export const ORDER_CARRIER_NOT_FOUND = "Transportadora não existe";
export const ORDER_CHANGED_CONCURRENTLY = "Pedido foi alterado por outra requisição, tente novamente";
export const ORDER_DISCOUNT_ABOVE_TOTAL = "Desconto maior que o total do pedido";
export const ORDER_ITEM_DISCOUNT_ABOVE_VALUE = "Desconto do item maior que o valor do item";
export const ORDER_FINAL_STATUS = "Pedido em status final não pode ser alterado";
export const ORDER_ITEMS_LOCKED = "Itens de pedido faturado ou em status final não podem ser alterados";
export const ORDER_TOTAL_BELOW_PAID =
  "O total do pedido não pode ficar menor que o valor já lançado em pagamentos";
export const ORDER_WAREHOUSE_LOCKED = "Depósito de pedido faturado não pode ser alterado";
export const RESEND_NEEDS_TYPE_MESSAGE = "TypeMessage é obrigatório quando Resend é 1";
export const TAX_PROFILE_NOT_FOUND = "Perfil tributário não existe";
export const TAX_PROFILE_CODE_DUPLICATE = "Já existe um perfil tributário com este código";
export const CST_IBS_CBS_NOT_FOUND = "CST de IBS/CBS não existe";
export const MANUAL_TAX_FIELDS =
  "Tributação manual (ManualTax 1) exige CstIcms, CstIpi, CstPis, CstCofins e IDNfCstIbsCbs";

export const initialStatusRefused = (status: number) => `Pedido não pode ser criado no status ${status}`;
export const transitionRefused = (from: number, to: number) =>
  `Transição de status não permitida: de ${from} para ${to}`;
export const skuWithoutTaxProfile = (sku: number) =>
  `SKU ${sku} sem perfil tributário (TaxProfile): informe a tributação manual (ManualTax 1)`;
export const skuTaxProfileMissing = (sku: number, code: string) =>
  `Perfil tributário ${code} do SKU ${sku} não existe`;
export const ORDER_PAYMENT_NOT_FOUND = "Pagamento do pedido não existe";
export const paymentsAboveTotal = (payments: string, total: string) =>
  `Valor dos pagamentos (${payments}) maior que o total do pedido (${total})`;
export const paymentError = (index: number, message: string) => `Payments[${index}]. ${message}`;
export const DATE_RANGE_INVERTED = STATEMENT_MESSAGES.dateRangeInverted;

/** Orders template (CSV) job. */
export const ORDERS_CSV_EMPTY =
  "Arquivo vazio: a primeira linha deve ser o cabeçalho (pedido;deposito;sku;quantidade;...)";
export const ORDERS_CSV_HEADER =
  "Cabeçalho sem as colunas obrigatórias: pedido (ou order), deposito (ou warehouse), sku (ou codigo) e quantidade (ou quantity)";
export const lineOrderKeyRequired = "Código do pedido (coluna pedido) obrigatório";
export const lineSkuCodeRequired = "Código do SKU obrigatório";
export const lineInvalidMoney = (column: string, value: string) => `${column} inválido: ${value}`;
export const lineInvalidId = (column: string, value: string) => `${column} inválido: ${value}`;
export const lineInvalidDate = (value: string) => `Data inválida: ${value} (use AAAA-MM-DD)`;
