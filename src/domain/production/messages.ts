/** Messages of production (bills of materials and production orders). Exact texts. */
export { itemError, SKU_NOT_FOUND, WAREHOUSE_INACTIVE, WAREHOUSE_NOT_FOUND } from "../stock/messages";

export const PRODUCTION_NOT_FOUND = "Ordem de produção não existe";
export const PRODUCTION_ALREADY_FINISHED =
  "Ordem de produção já finalizada; não pode ser finalizada novamente";
export const PRODUCTION_COSTS_CHANGED =
  "O custo médio de um insumo mudou durante a finalização (outra movimentação), tente novamente";
export const PRODUCTION_WITHOUT_ITEMS =
  "SKU sem ficha técnica: informe Items ou cadastre a ficha técnica em PUT /sku/{idsku}/bill-of-materials";
export const BOM_INPUT_IS_PRODUCT = "Um SKU não pode ser insumo dele mesmo";
export const BOM_INPUT_REPEATED = "Insumo informado mais de uma vez";
