/** Messages of the stock area (SKU registry, warehouses, ledger, batches, counts, pricing). Exact texts. */
export const SKU_NOT_FOUND = "SKU não existe";
export const SKU_CODE_DUPLICATE = "Já existe um SKU com este código";
export const SKU_BRAND_NOT_FOUND = "Marca não existe";
export const SKU_INACTIVE = "SKU inativo não movimenta estoque";
export const WAREHOUSE_NOT_FOUND = "Depósito não existe";
export const WAREHOUSE_INACTIVE = "Depósito inativo não movimenta estoque";
export const WAREHOUSE_HAS_STOCK = "Depósito possui saldo em estoque e não pode ser excluído";
export const BATCH_NOT_FOUND = "Lote não existe";
export const BATCH_OF_ANOTHER_SKU = "Lote não pertence ao SKU informado";
export const BATCH_REQUIRED = "SKU controla lote: informe o IDBatch";
export const BATCH_NOT_CONTROLLED = "SKU não controla lote: não informe IDBatch";
export const BATCH_CODE_DUPLICATE = "Já existe um lote com este código para o SKU";
export const BATCH_REQUIRED_FOR_KARDEX_BATCH = "IDBatch é obrigatório quando Type=KardexBatch";
export const SKU_REQUIRED_FOR_KARDEX = "IDSku é obrigatório quando Type=Kardex";
export const QUANTITY_NOT_POSITIVE = "Quantidade deve ser maior que zero";
export const QUANTITY_NEGATIVE = "Quantidade não pode ser negativa";
export const QUANTITY_TOO_MANY_DECIMALS = "Quantidade aceita no máximo 3 casas decimais";
export const QUANTITY_TOO_LARGE = "Quantidade excede o máximo permitido (1000000)";
export const quantityMustBeWhole = (unit: string) =>
  `Quantidade deve ser inteira: a unidade do SKU (${unit}) não aceita frações`;
export const REASON_REQUIRED = "Motivo é obrigatório";
export const TRANSFER_SAME_WAREHOUSE = "Depósito de origem e destino não podem ser o mesmo";
export const insufficientStock = (sku: number, warehouse: number, available: string, requested: string) =>
  `Estoque insuficiente do SKU ${sku} no depósito ${warehouse}: saldo ${available}, solicitado ${requested}`;
export const INSUFFICIENT_STOCK_CONCURRENT =
  "Estoque insuficiente: outra movimentação consumiu o saldo, tente novamente";
/** No overselling: a reservation beyond QtyAvailable (unless the company allows negative stock). */
export const RESERVATION_REFUSED = "Estoque insuficiente para reservar";
export const insufficientStockToReserve = (
  sku: number,
  warehouse: number,
  available: string,
  requested: string,
) =>
  `${RESERVATION_REFUSED} o SKU ${sku} no depósito ${warehouse}: disponível ${available}, solicitado ${requested}`;
export const RESERVATION_TAKEN_CONCURRENTLY = `${RESERVATION_REFUSED}: outro pedido reservou o saldo, tente novamente`;
export const SALES_POLICY_NOT_FOUND = "Política de venda não existe";
export const PICK_ORDER_INVALID = "PickOrder deve ser FEFO ou FIFO";
export const INVENTORY_NOT_FOUND = "Inventário não existe";
export const INVENTORY_ALREADY_APPLIED = "Inventário já foi aplicado e não pode ser aplicado novamente";
export const INVENTORY_APPLIED_NO_CHANGES = "Inventário já aplicado não aceita novas contagens";
export const INVENTORY_WITHOUT_ITEMS = "Inventário sem itens contados";
export const INVENTORY_ITEMS_REQUIRED = "Items é obrigatório e deve ser um array com pelo menos um item";
export const itemError = (index: number, message: string) => `Items[${index}]. ${message}`;
export const MARKUP_BELOW_LIMIT = "Markup não pode ser menor que -100%";
export const PRICING_RATES_TOO_HIGH = "A soma de impostos e taxas deve ser menor que 100%";
export const PRICING_UPDATED = "Preço atualizado";
export const PRICING_NOT_UPDATED_NOT_REQUESTED =
  "Preço calculado e não gravado: UpdateIfPossible não informado";
export const PRICING_NOT_UPDATED_NOT_POSITIVE =
  "Preço não gravado: o preço calculado deve ser maior que zero";
export const PRICING_NOT_UPDATED_BELOW_COST =
  "Preço não gravado: o preço calculado é menor que o custo e o SKU não permite venda abaixo do custo";

/** Inventory CSV job: whole-file and per-line messages. */
export const INVENTORY_CSV_EMPTY =
  "Arquivo vazio: a primeira linha deve ser o cabeçalho (sku;quantity;batch)";
export const INVENTORY_CSV_HEADER =
  "Cabeçalho sem as colunas obrigatórias: use sku (ou code) e quantity (ou quantidade)";
export const INVENTORY_CSV_PARAMS =
  "IDStockKeepingUnitInventorySummary é obrigatório para o tipo StockInventoryCount";
export const lineSkuNotFound = (code: string) => `SKU não existe: ${code}`;
export const lineBatchNotFound = (code: string) => `Lote não existe para o SKU: ${code}`;
export const lineInvalidQuantity = (value: string) => `Quantidade inválida: ${value}`;
// Fiscal data of the SKU (the NF-e item's NCM, CEST and origin)
export const NCM_INVALID = "NCM deve ter 8 dígitos";
export const CEST_INVALID = "CEST deve ter 7 dígitos";
export const ORIGIN_INVALID = "Origin deve ser um número de 0 a 8 (origem da mercadoria na NF-e)";
