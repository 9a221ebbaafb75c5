/** Messages of the purchases area (purchases, receiving check). Exact texts. */
export {
  PAYMENT_TYPE_NOT_FOUND,
  SUPPLIER_NOT_FOUND,
} from "../registries/messages";
export { itemError, WAREHOUSE_INACTIVE, WAREHOUSE_NOT_FOUND } from "../stock/messages";

export const PURCHASE_NOT_FOUND = "Compra não existe";
export const PURCHASE_SUPPLIER_REQUIRED = "Fornecedor (IDSupplier) é obrigatório";
export const PURCHASE_WAREHOUSE_REQUIRED = "Depósito (IDWarehouse) é obrigatório";
export const PURCHASE_ITEMS_REQUIRED = "Items é obrigatório e deve ser um array com pelo menos um item";
export const PURCHASE_STATUS_NOT_FOUND = "Status de compra não existe";
export const purchaseInitialStatus = (id: number) =>
  `Uma compra não pode ser criada no status ${id}: use um status de 0 a 7`;
export const purchaseTransition = (from: number, to: number) =>
  `Transição de status não permitida: de ${from} para ${to}`;
export const PURCHASE_STATUS_BY_CHECK =
  "Os status 8 e 9 são definidos pela conferência (POST /purchase/{id}/check)";
export const PURCHASE_NOT_EDITABLE = "Compra recebida, encerrada ou cancelada não pode ser alterada";
export const PURCHASE_CH_NFE_DUPLICATE = "Já existe uma compra com esta chave de NF-e (chNFe)";
export const PURCHASE_CHANGED_CONCURRENTLY = "A compra foi alterada por outra requisição, tente novamente";
export const UNIT_COST_NEGATIVE = "Custo unitário não pode ser negativo";
export const DUE_DATE_INVALID = "DueDate deve ser uma data válida no formato AAAA-MM-DD";
