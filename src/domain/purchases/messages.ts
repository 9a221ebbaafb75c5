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

// Receiving check
export const PURCHASE_ALREADY_RECEIVED =
  "Compra já foi conferida e recebida; não pode ser conferida novamente";
export const purchaseNotAwaitingReceipt = (status: number, description: string) =>
  `Compra no status ${status} (${description}) não pode ser conferida: aprove a compra antes (status 2 a 7)`;
export const CHECK_ITEMS_REQUIRED = "Items é obrigatório e deve ser um array com pelo menos um item";
export const checkItemNotInPurchase = (id: number) => `Item ${id} não pertence a esta compra`;
export const checkItemRepeated = (id: number) => `Item ${id} informado mais de uma vez`;
export const checkItemMissing = (ids: number[]) => `Itens da compra não conferidos: ${ids.join(", ")}`;
export const COUNT_NEGATIVE = "Quantidade conferida não pode ser negativa";
export const CHECK_NOTHING_RECEIVED =
  "Nenhuma quantidade conferida: informe ao menos um item com quantidade maior que zero";
export const CHECK_BATCHES_REQUIRED =
  "SKU controla lote: informe Batches com o lote, a validade e a quantidade de cada lote";
export const CHECK_BATCHES_NOT_CONTROLLED = "SKU não controla lote: informe Quantity, sem Batches";
export const CHECK_BATCH_CODE_REQUIRED = "Informe o lote: IDBatch ou Batch (código)";
export const checkBatchExpiryMismatch = (code: string, expected: string | null) =>
  `Lote ${code} já existe com validade ${expected ?? "não informada"}`;
export const CHECK_BATCH_REPEATED = "Lote informado mais de uma vez no mesmo item";
export const surplusRefused = (item: number, sku: number, ordered: string, counted: string) =>
  `Quantidade conferida maior que a comprada no item ${item} (SKU ${sku}): comprado ${ordered}, conferido ${counted}. Envie CreateNewPurchaseSentMore=1 para lançar o excedente em uma nova compra`;
