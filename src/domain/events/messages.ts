/** Messages of the events area (webhooks, delivery log, tracking messages, mail). */
export const EVENT_MESSAGES = {
  urlInvalid: "URL do webhook inválida",
  urlNotHttps: "URL do webhook deve usar https",
  urlPrivate: "URL do webhook aponta para um endereço privado ou local",
  eventTypesRequired: "Informe ao menos um tipo de evento",
  eventTypeUnknown: (type: string) => `Tipo de evento não existe: ${type}`,
  webhookNotFound: "Webhook não existe",
  deliveryNotFound: "Entrega não existe",
  deliveryInProgress: "Entrega em andamento; aguarde a tentativa atual",
  trackingMessageNotFound: "Mensagem de rastreio não existe",
  trackingStatusNotFound: "Status de rastreio não existe",
  trackingMessageExists: "Já existe uma mensagem para este status de rastreio e tipo de mensagem",
  subjectRequired: "Assunto obrigatório para mensagem de e-mail",
  templateInvalid: (reason: string) => `Modelo inválido: ${reason}`,
  templateUnknownField: (name: string) => `Campo desconhecido no modelo: ${name}`,
} as const;

/** Why an endpoint was turned off by a delivery. */
export const DISABLED_BY_GONE = "Desativado: o receptor respondeu 410 (Gone)";
