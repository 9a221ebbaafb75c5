/** Messages of the NF-e issuing (routes, checks before a number is taken, the job's reasons). Exact texts. */

export const NFE_NOT_FOUND = "NF-e não existe";
export const NFE_ORDERS_REQUIRED = "IDOrders é obrigatório: uma lista de 1 a 500 ids de pedido";
export const NFE_ORDERS_TOO_MANY = "IDOrders aceita no máximo 500 pedidos por lote";
export const NFE_ORDERS_REPEATED = "IDOrders tem pedidos repetidos";

/** The order itself. */
export const ORDER_WITHOUT_ITEMS = "Pedido sem itens não pode ser faturado";
export const ORDER_CANCELLED = "Pedido cancelado não pode ser faturado";
export const ORDER_FINAL = "Pedido em status final não pode ser faturado";
export const ORDER_ALREADY_INVOICED = "Pedido já faturado: o estoque já saiu";
export const ORDER_WITHOUT_TYPE =
  "Pedido sem tipo de pedido (IDTypeOrder): o tipo dá o CFOP, a natureza da operação e o faturador da NF-e";
export const orderStatusNotInvoiceable = (status: number) =>
  `Pedido no status ${status} não pode ser faturado: a tabela de transições não leva do status ${status} ao 6 (Faturado)`;
export const orderHasNote = (id: number, status: string, number: number) =>
  `Pedido já tem a NF-e ${id} (número ${number}) em ${status}`;
export const orderTooManyItems = (count: number) =>
  `Pedido com ${count} itens: a NF-e aceita no máximo 990 itens`;

/** The invoicing company (faturador). */
export const TYPE_WITHOUT_INVOICE_COMPANY = (type: number) =>
  `Tipo pedido ${type} não está habilitado para nenhum faturador: habilite um faturador no cadastro do tipo pedido`;
export const invoiceCompanyRequired = (type: number, ids: number[]) =>
  `Tipo pedido ${type} está habilitado para mais de um faturador (${ids.join(", ")}): informe IDCompanyInvoice`;
export const INVOICE_COMPANY_NOT_ENABLED =
  "Tipo pedido não está habilitado para esta empresa/faturador, ajustar no cadastro";
export const invoiceCompanyLacks = (id: number, fields: string[]) =>
  `Faturador ${id} sem ${fields.join(", ")}: informe em PUT /company/invoice/${id} (perfil fiscal da NF-e)`;
export const invoiceCompanyNameLength = (id: number) =>
  `Faturador ${id}: Name deve ter de 2 a 60 caracteres para a NF-e (xNome)`;
export const invoiceCompanyDocument = (id: number) =>
  `Faturador ${id} sem CNPJ (Document com 14 caracteres): a NF-e exige o CNPJ do emitente`;
export const noCertificate = (id: number) =>
  `Faturador ${id} sem certificado digital: envie o A1 em POST /company/invoice/${id}/certificate`;
export const certificateExpired = (id: number, notAfter: string) =>
  `Certificado digital do faturador ${id} venceu em ${notAfter}: envie um novo em POST /company/invoice/${id}/certificate`;

/** The consumer (dest). */
export const ORDER_WITHOUT_CONSUMER = "Pedido sem cliente (IDConsumer): a NF-e exige o destinatário";
export const consumerWithoutDocument = (id: number) =>
  `Cliente ${id} sem CPF/CNPJ (Document): a NF-e (modelo 55) exige o documento do destinatário`;
export const consumerDocumentInvalid = (id: number) =>
  `Cliente ${id} com Document que não é CPF (11 dígitos) nem CNPJ (14 caracteres)`;
export const consumerWithoutAddress = (id: number, fields: string[]) =>
  `Cliente ${id} sem endereço completo (${fields.join(", ")}): a NF-e (modelo 55) exige o endereço do destinatário`;

/** The order type and the SKUs. */
export const typeWithoutCfop = (type: number, field: string) =>
  `Tipo pedido ${type} sem ${field}: informe em PUT /type/order/type/${type}`;
export const typeWithoutNatOp = (type: number) =>
  `Tipo pedido ${type} sem NatOp (natureza da operação): informe em PUT /type/order/type/${type}`;
export const skuLacks = (sku: number, code: string | null, fields: string[]) =>
  `SKU ${sku}${code ? ` (${code})` : ""} sem ${fields.join(" e ")}: informe em PUT /sku/${sku}`;
export const itemWithoutCsts = (sku: number) =>
  `Item do SKU ${sku} sem CST de ICMS, IPI, PIS ou COFINS: a NF-e exige a tributação de cada item`;
export const valueNotWritable = (what: string) => `${what}: valor que o leiaute da NF-e não aceita`;
export const quantityDecimals = (sku: number) =>
  `Item do SKU ${sku}: a quantidade tem mais casas decimais do que a NF-e aceita (4)`;

/** The job's reasons kept on the note (xMotivo when SEFAZ did not answer). */
export const NFE_MESSAGES = {
  waitingSend: "Aguardando envio à SEFAZ",
  draftChanged: (reason: string) => `Não enviada: ${reason}`,
  noAnswer: (detail: string) =>
    `SEFAZ não respondeu (${detail}): a NF-e será consultada pela chave antes de qualquer reenvio`,
  consultFailed: (detail: string) =>
    `SEFAZ não respondeu à consulta pela chave (${detail}): nova consulta em seguida, sem reenvio`,
  notFoundResend: "A consulta pela chave não encontrou a NF-e na SEFAZ: reenviada",
  serviceStopped: (cStat: number, xMotivo: string, at: string) =>
    `Serviço da SEFAZ paralisado (${cStat} ${xMotivo}): nova tentativa após ${at} UTC`,
  misuse: (xMotivo: string, at: string) =>
    `Consumo indevido (656 ${xMotivo}): a SEFAZ bloqueou o envio por uma hora; nova tentativa após ${at} UTC`,
  receiptPending: (receipt: string) =>
    `Lote ${receipt} em processamento na SEFAZ: o recibo será consultado de novo`,
  duplicateOther: (key: string) =>
    `A SEFAZ já autorizou este número com outra chave (${key}): o próximo envio deste pedido toma um novo número`,
  invoiceFailed: (reason: string) => `NF-e autorizada, mas o pedido não pôde ser faturado: ${reason}`,
  gaveUp: (attempts: number) =>
    `SEFAZ sem resposta conclusiva após ${attempts} tentativas: a NF-e fica Pendente, consulte-a de novo mais tarde`,
} as const;

export const NFE_NOT_AUTHORIZED = (status: string) =>
  `NF-e em ${status}: o XML (nfeProc) e o DANFE só existem para uma NF-e autorizada`;
export const NFE_PROC_MISSING = "XML autorizado da NF-e não encontrado no armazenamento";

export const NFE_BASE_URL_INVALID =
  "NFeBaseUrl deve ser um endereço http ou https (ex.: https://nfe.example.com)";
export const nfeBaseUrlRefused = (id: number) =>
  `Faturador ${id}: NFeBaseUrl em produção deve ser https em um host público`;
