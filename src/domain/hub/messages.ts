/** Messages of the hub (sales channels). SPEC.md names the attachment failures; the texts are ours. */

export { COMPANY_NOT_FOUND } from "../company/messages";

// Integrations
export const channelKindUnknown = (id: number) =>
  `Tipo de integração de canal não existe: ${id} (tipos: GET /hub/integration/type)`;
export const HUB_INTEGRATION_NOT_FOUND = "Integração de canal não existe";
export const HUB_WAREHOUSE_NOT_FOUND = "Depósito do hub não existe";
export const SANDBOX_SETTINGS_NOT_ALLOWED = "Sandbox só se aplica a integrações de canal sandbox";
export const CREDENTIALS_KEY_MISSING =
  "Chave de criptografia das credenciais não configurada (HUB_CREDENTIALS_KEY)";

// Channel answers (each failure of a channel call)
export const CHANNEL_NOT_AUTHENTICATED =
  "Integração não autenticada no canal: informe as credenciais da integração";
export const CHANNEL_CREDENTIALS_EXPIRED =
  "Credenciais da integração expiradas: autentique a integração novamente";
export const CHANNEL_CREDENTIALS_REFUSED = "Credenciais recusadas pelo canal";
/** An operation the channel kind's adapter does not perform yet. */
export const channelOperationUnsupported = (operation: string) =>
  `Esta integração ainda não faz ${operation} neste canal`;
export const CHANNEL_INVALID_ANSWER = "O canal respondeu em formato inválido; tente novamente mais tarde";
export const CHANNEL_TIMEOUT = "O canal não respondeu a tempo; tente novamente mais tarde";
/** A call that produced no answer to read (redirect, address, network, answer too large): the reason names the party. */
export const channelCallFailed = (reason: string) => `Falha na chamada ao canal: ${reason}`;
export const CHANNEL_ORDER_NOT_FOUND = "Pedido da integração não encontrado no canal";
export const CHANNEL_CLAIM_NOT_FOUND = "Reclamação não encontrada no canal";

// Hub orders and claims
export const HUB_ORDER_NOT_FOUND = "Pedido da integração não encontrado";
export const HUB_ORDER_WITHOUT_WAREHOUSE =
  "Integração sem depósito do hub (IDWarehouseHub): o pedido não é criado";
export const HUB_CLAIM_NOT_FOUND = "Reclamação do pedido não encontrada";

// Attachments (SPEC change notes: the seven failures of the two `.../action/file` operations)
export const ATTACHMENT_NOT_SENT =
  "Arquivo não enviado: envie o arquivo no campo `file` (multipart/form-data)";
export const ATTACHMENT_INVALID = "Arquivo inválido: o arquivo está vazio ou não tem nome com extensão";
export const ATTACHMENT_SAVE_FAILED = "Falha ao salvar o arquivo; nada foi enviado ao canal";
export const attachmentExtensionRefused = (extension: string, accepted: string) =>
  `O canal recusou o arquivo: extensão .${extension} não aceita (aceitas: ${accepted})`;
export const attachmentSizeRefused = (size: number, max: number) =>
  `O canal recusou o arquivo: ${size} bytes, acima do limite de ${max} bytes do canal`;
export const ATTACHMENT_NOT_SUPPORTED = "O canal desta integração não aceita anexos";

// Products
export const HUB_PRODUCT_NOT_FOUND = "Produto do hub não existe";
export const hubProductSkusNotFound = (ids: number[]) => `SKU não existe: ${ids.join(", ")}`;
export const HUB_PRODUCT_VARIATIONS_REQUIRED = "Informe ao menos uma variação (IDSku e ChannelSkuCode)";
export const HUB_PRODUCT_DUPLICATE_SKU = "A mesma SKU aparece em duas variações";

// Collection lists and labels
export const collectionListsNotFound = (ids: number[]) => `Lista de coleta não existe: ${ids.join(", ")}`;
export const COLLECTION_LIST_ORDERS_REQUIRED = "Informe ao menos um pedido do hub (IDIntegration)";
export const collectionListOrdersNotFound = (ids: number[]) =>
  `Pedido da integração não encontrado: ${ids.join(", ")}`;
export const COLLECTION_LIST_MIXED_INTEGRATIONS =
  "Os pedidos e as listas de coleta devem ser de uma mesma integração";
export const collectionListOrdersWithoutShipment = (ids: number[]) =>
  `Pedido sem envio no canal: ${ids.join(", ")}`;
export const CHANNEL_KIND_NOT_CONNECTED = "A empresa não tem integração de canal ativa desse tipo";
export const COLLECTION_LIST_REQUIRED = "IDOrdersCarrierCollectionList não informado";

// Pull jobs
export const PULL_JOB_PARAMS = "Job de importação de pedidos sem IDCompanyIntegration";
export const PULL_SCHEDULED = "Importação de pedidos do canal agendada";

export { PAYMENT_TYPE_NOT_FOUND } from "../registries/messages";
