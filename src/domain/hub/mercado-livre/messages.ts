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
/** The token endpoint gave no grant nor a refusal (a redirect, not JSON, malformed, a 5xx, no answer). */
export const mlTokenGrantFailed = (reason: string) =>
  `O Mercado Livre não entregou os tokens (POST /oauth/token): ${reason}`;
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

// Part 2: listings and published stock (PUT /hub/product/{id} with SyncVariations, StockBuffer, the stock publisher)
export const ML_LISTING_MISSING =
  "O produto não tem anúncio do Mercado Livre: informe ChannelProductId (o id MLB… do anúncio)";
export const mlListingNotFound = (listingId: string) =>
  `O anúncio ${listingId} não existe no Mercado Livre (excluído); nada foi alterado`;
export const mlListingClosed = (listingId: string, status: string) =>
  `O anúncio ${listingId} está encerrado no Mercado Livre (status ${status}); nada foi alterado`;
export const mlVariationNotInListing = (code: string, listingId: string) =>
  `A variação ${code} não existe no anúncio ${listingId} do Mercado Livre`;
export const mlListingWithoutVariations = (listingId: string) =>
  `O anúncio ${listingId} do Mercado Livre não tem variações: mapeie a ele um único SKU`;
export const mlUpdateRefused = (message: string) => `O Mercado Livre recusou a atualização: ${message}`;
export const ML_STOCK_BUFFER_INVALID = "StockBuffer deve ser um número inteiro entre 0 e 1000000";
export const mlStockPublishUnfinished = (listings: number, reason: string) =>
  `Estoque de ${listings} anúncio(s) não publicado no Mercado Livre: ${reason}; será tentado de novo`;
