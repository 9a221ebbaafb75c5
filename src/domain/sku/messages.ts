/** Spec texts of the SKU area (SPEC "File upload in two steps") and the import's own line messages. */
export { PRODUCT_NOT_FOUND } from "../registries/messages";
export const COST_RECALCULATION_SCHEDULED = "Recálculo de custo agendado";

/** Whole-file failures of the SKU template (the job ends Failed with this reason). */
export const TEMPLATE_EMPTY =
  "Arquivo vazio: a primeira linha deve ser o cabeçalho (code;name;brand;cost;price;active)";
export const TEMPLATE_WITHOUT_CODE_COLUMN =
  "Cabeçalho sem a coluna de código: use code, codigo ou sku (colunas aceitas: code, name, brand, cost, price, active)";

/** Per-line errors of the SKU template, reported in the job's Errors[]. */
export const LINE_CODE_REQUIRED = "Código obrigatório";
export const lineCodeTooLong = (max: number) => `Código excede ${max} caracteres`;
export const LINE_NAME_REQUIRED = "Nome obrigatório para produto novo";
export const lineNameTooLong = (max: number) => `Nome excede ${max} caracteres`;
export const lineUnknownBrand = (brand: string) => `Marca não existe: ${brand}`;
export const lineInvalidCost = (value: string) => `Custo inválido: ${value}`;
export const lineInvalidPrice = (value: string) => `Preço inválido: ${value}`;
export const lineInvalidActive = (value: string) => `Ativo inválido: ${value} (use 1 ou 0, sim ou não)`;
export const LINE_UNTERMINATED_QUOTE = "Aspas não fechadas: o campo entre aspas vai até o fim do arquivo";
