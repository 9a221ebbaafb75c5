/** Messages of the Mercado Livre integration (src/domain/hub/mercado-livre). */

export const ML_FIELDS_NOT_ALLOWED =
  "Credentials.RefreshToken e BaseUrl só se aplicam a integrações Mercado Livre";
export const ML_NOT_MERCADO_LIVRE = "A integração não é do Mercado Livre";
export const ML_APP_CREDENTIALS_MISSING =
  "Informe Credentials.ClientId e Credentials.ClientSecret do aplicativo antes de conectar pelo OAuth";
export const ML_OAUTH_STATE_INVALID =
  "Autorização do Mercado Livre inválida: state desconhecido, já usado ou expirado; gere uma nova URL de autorização";
export const mlRefreshRefused = (reason: string) =>
  `O Mercado Livre recusou o refresh token: ${reason}. Conecte a integração novamente`;
export const mlCodeRefused = (reason: string) => `O Mercado Livre recusou o código de autorização: ${reason}`;
export const ML_BASE_URL_NOT_HTTPS = "BaseUrl deve usar https";
export const ML_BASE_URL_PRIVATE = "BaseUrl deve ser um endereço público (não local nem de rede privada)";
export const ML_BASE_URL_INVALID = "BaseUrl inválida";
export const ML_REDIRECT_URI_REQUIRED =
  "RedirectUri é obrigatório: a URL de retorno cadastrada no aplicativo do Mercado Livre";

// ---- Part 2: labels, fees per order, /missed_feeds, listing mapping ----
export const mlLabelNotReady = (shipments: string) =>
  `Envio sem etiqueta disponível no Mercado Livre (etiqueta só para envios ready_to_ship): ${shipments}`;
export const mlLabelRefused = (shipments: string, reason: string) =>
  `O Mercado Livre recusou as etiquetas dos envios ${shipments}: ${reason}`;
