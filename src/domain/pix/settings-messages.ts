/**
 * Messages of a Pix integration's settings (`/company/integration` of Kind `PIX`) and of the Pix
 * charges made on receivable titles. The reasons a call to the PSP failed are `PIX_MESSAGES`
 * (`messages.ts`); why an integration cannot call its PSP yet, `PIX_CONNECTION_MESSAGES`.
 */

export { PIX_INTEGRATION_NOT_FOUND } from "../bank-accounts/messages";
export { INTEGRATION_NOT_FOUND } from "../registries/messages";
export { RECEIVABLE_MESSAGES, TX_ID_TAKEN } from "../titles/messages";

export const PIX_SETTINGS_MESSAGES = {
  notPixKind:
    "Os campos Pix (IDBankAccount, BaseUrl, Credentials, PixKey, MtlsCertificate) só valem para integração de Kind PIX",
  bankAccountRequired: "IDBankAccount é obrigatório para configurar a integração Pix",
  kindLocked: "Integração Pix configurada não pode mudar de Kind",
  notPixIntegration: "Integração não é uma integração Pix configurada",
  baseUrlInvalid: "BaseUrl inválida: informe o endereço http(s) da API Pix do PSP",
  baseUrlNotHttps: "BaseUrl deve usar https",
  baseUrlPrivate: "BaseUrl aponta para um endereço privado ou local",
  pixKeyInvalid:
    "PixKey inválida: informe CPF (11 dígitos), CNPJ (14 dígitos), e-mail em minúsculas, telefone +55DDDNÚMERO ou chave aleatória (EVP)",
  mtlsCertificateInvalid:
    "MtlsCertificate deve ser o nome de um binding de certificado mTLS (letras, dígitos e _)",
  chargePaid: "Conta a receber já recebida: não há valor em aberto para cobrar por Pix",
  chargeActive: (txid: string) =>
    `Conta a receber já tem uma cobrança Pix ativa (TxId ${txid}); aguarde o pagamento ou a expiração`,
  chargeNoPixKey: "Integração Pix sem PixKey: informe a chave Pix da empresa",
  expiresInvalid: "ExpiresInSeconds deve ser um inteiro entre 60 e 31536000",
} as const;
