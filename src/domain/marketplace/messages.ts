export const SETTLEMENT_CSV_EMPTY = "Arquivo de repasses vazio";
export const SETTLEMENT_CSV_HEADER =
  "Cabeçalho do arquivo de repasses deve ter as colunas Pedido, Data, Bruto, Comissao, Tarifas e Liquido";
export const SETTLEMENT_INTEGRATION_REQUIRED =
  "IDCompanyIntegration é obrigatório para o tipo MarketplaceSettlement";
export const SETTLEMENT_INTEGRATION_NOT_FOUND = "Integração não existe";
export const lineOrderRequired = "Pedido do canal obrigatório";
export const lineInvalidDate = (text: string) => `Data inválida: ${text} (use AAAA-MM-DD ou DD/MM/AAAA)`;
export const lineInvalidAmount = (column: string, text: string) => `${column} inválido: ${text}`;
export const lineNetMismatch = (gross: string, commission: string, fees: string, net: string) =>
  `Líquido ${net} diferente de bruto ${gross} - comissão ${commission} - tarifas ${fees}`;
