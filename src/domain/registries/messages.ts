/** Messages of the registries. SPEC.md fixes the carrier-modality and brand ones; the rest follow their style. */

export { COMPANY_NOT_FOUND } from "../company/messages";

// Carrier modalities (SPEC: Carrier modalities)
export const CARRIER_MODAL_DUPLICATE = "Já existe uma Modalidade com essa conta";
export const CARRIER_MODAL_NOT_FOUND = "Modalidade não existe";
export const CARRIER_MODAL_USED_BY_CARRIER =
  "Há transportadora com essa modalidade, remover no cadastro da transportadora";
export const CARRIER_MODAL_IN_HUB_MAPPING = "Modalidade esta configurada no de/para de transportadora";

// Brands (SPEC: Brands; the `[BadRequest] - ` text is part of the message)
export const BRAND_COMPANY_NOT_FOUND = "[BadRequest] - Company não existe";
export const BRAND_NOT_FOUND = "[BadRequest] - Brand não existe";
export const BRAND_HAS_ACTIVE_PRODUCTS =
  "[BadRequest] - Marca possui produtos ativos e não pode ser excluída";

// Registries whose messages the spec does not fix (`<Entidade> não existe`, as the spec writes them elsewhere)
export const COMPANY_INVOICE_NOT_FOUND = "Faturador não existe";
export const COMPANY_INVOICE_CHANGED =
  "Faturador alterado por outra requisição ao mesmo tempo, tente novamente";
export const INTEGRATION_NOT_FOUND = "Integração não existe";
export const SUPPLIER_NOT_FOUND = "Fornecedor não existe";
export const SUPPLIER_NOT_CARRIER = "Fornecedor não é transportadora";
export const CONSUMER_NOT_FOUND = "Cliente não existe";
export const CONSUMER_CHANGED = "Cliente alterado por outra requisição ao mesmo tempo, tente novamente";
export const PRODUCT_NOT_FOUND = "Produto não existe";
export const PRODUCT_CODE_DUPLICATE = "Já existe um produto com esse código";
export const PRODUCT_BRAND_NOT_FOUND = "Marca não existe";
export const HUB_MAPPING_NOT_FOUND = "De/para de transportadora não existe";
export const ORDER_TYPE_NOT_FOUND = "Tipo pedido não existe";
export const CFOP_IN_STATE_INVALID =
  "CFOPInState deve ter 4 dígitos e começar com 5 (saída para dentro do estado), ex.: 5102";
export const CFOP_OUT_OF_STATE_INVALID =
  "CFOPOutOfState deve ter 4 dígitos e começar com 6 (saída para outro estado), ex.: 6102";
export const ACCOUNT_TYPE_NOT_FOUND = "Plano de contas não existe";
export const DOCUMENT_TYPE_NOT_FOUND = "Tipo documento não existe";
export const PAYMENT_TYPE_NOT_FOUND = "Tipo pagamento não existe";
export const COST_CENTER_NOT_FOUND = "Centro de custo não existe";

// POS cashier
export const CASHIER_ALREADY_OPEN = "Caixa já está aberto para esta conta bancária";
export const CASHIER_NOT_OPEN = "Não há caixa aberto para esta conta bancária";
