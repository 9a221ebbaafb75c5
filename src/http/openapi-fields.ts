/**
 * Descriptions of the API's fields for the OpenAPI document. Field names are the same across the whole
 * API (spec-fixed PascalCase), so one glossary documents them consistently; a route's own `.openapi({
 * description })` always wins, and `Schema.Field` entries refine a name whose meaning depends on where
 * it appears. The completeness test of the document fails on any field left without a description.
 */
const FIELDS: Record<string, string> = {
  // orders
  IDNfCstIbsCbs: "CST de IBS/CBS (GET /tax/cst-ibs-cbs)",
  CstIcms: "CST do ICMS (2 ou 3 dígitos)",
  CstIpi: "CST do IPI",
  CstPis: "CST do PIS",
  CstCofins: "CST da COFINS",
  SkuCode: "Código do SKU",
  SkuName: "Nome do SKU",
  ManualTax: "1 tributação informada à mão; 0 calculada pelo perfil tributário do SKU",
  Notes: "Observações",
  ShippingMethod: "Forma de envio: mail, entrusted, personal_delivery ou email",
  TrackingCode: "Código de rastreio",
  Volumes: "Quantidade de volumes (embalagens)",
  Sku: "O cadastro do SKU",
  // identifiers
  IDAccountPayableReceivable: "Título (conta a pagar ou a receber)",
  IDAccountPayment: "Pagamento de um título (o IDBankStatement do seu lançamento)",
  IDBankAccount: "Conta bancária",
  IDBankAccountHistory: "Registro do histórico da conta bancária",
  IDBankAccountTo: "Conta bancária de destino (regras do tipo 2, transferência)",
  IDBankFrom: "Conta bancária de origem",
  IDBankTo: "Conta bancária de destino",
  IDBankStatement: "Lançamento interno do extrato",
  IDBankStatementConciliation: "Lançamento bancário (linha do extrato importado ou digitado)",
  IDBankStatementConciliationRule: "Regra de conciliação automática",
  IDBankStatementTransfer: "Referência da transferência que une as duas pernas",
  IDAccountsPayableReceivableConciliation: "Lançamento de conciliação de adquirente",
  IDCarrierModal: "Modalidade de transporte",
  IDCompany: "Empresa",
  IDCompanyIntegration: "Integração bancária/TEF",
  IDCompanyIntegrationPix: "Integração Pix",
  IDCompanyInvoice: "Faturador (empresa emissora)",
  IDConsumer: "Cliente",
  IDJob: "Job de processamento",
  IDSupplier: "Fornecedor",
  IDTypeAccount: "Sentido: 0 entrada (crédito), 1 saída (débito)",
  IDTypeAccountPayableReceivable: "Plano de contas",
  IDTypeCostCenter: "Centro de custo",
  IDTypeDocument: "Tipo de documento",
  IDTypeOrder: "Tipo de pedido",
  IDTypePayment: "Tipo de pagamento",
  IDTypeRule: "Tipo da regra: 1 contas a pagar/receber, 2 transferência",
  IDUser: "Usuário",
  // events: webhooks, delivery log, tracking messages, mail
  IDWebhook: "Webhook (endpoint que recebe eventos)",
  IDWebhookDelivery: "Entrega de um evento a um webhook",
  IDEvent: "Id público do evento (`X-Event-Id`), igual em todas as tentativas e reenvios",
  IDTrackingMessage: "Mensagem de rastreio (modelo)",
  IDTrackingStatus: "Status de rastreio do pedido",
  IDMail: "E-mail da caixa de saída",
  TypeMessage: "Canal da mensagem: 1 e-mail, 2 webhook",
  Url: "Endereço que recebe os eventos por POST",
  EventType: "Tipo do evento",
  Attempts: "Tentativas feitas até agora",
  AttemptLog: "Todas as tentativas, da primeira à última",
  AttemptedAt: "Quando a tentativa foi feita",
  DurationMs: "Duração da tentativa em milissegundos",
  LastResponseCode: "Status HTTP da última resposta do receptor (null sem resposta)",
  NextAttemptAt: "Quando será a próxima tentativa (null: nenhuma agendada)",
  DeliveredAt: "Quando o receptor respondeu 2xx",
  MaxPerSecond: "Limite de entregas por segundo a este webhook (1 a 1000, padrão 50)",
  SentAt: "Quando o e-mail foi enviado (ou falhou)",
  To: "Destinatário",
  UpdatedAt: "Última alteração",
  // bank account
  Bank: "Nome do banco",
  BankNumber: "Código Febraban do banco (até 3 caracteres); `000` = conta interna (caixa)",
  Agency: "Agência",
  AccountNumber: "Número da conta",
  MainIncome: "1 = conta principal de recebimento do faturador",
  MainPayment: "1 = conta principal de pagamento do faturador",
  TefTerminal: "Terminal TEF",
  "BankAccount.Status": "1 ativa (contas inativas, Status 0, não aparecem na lista)",
  "BankAccountHistory.Action":
    "O que aconteceu: `create` criação, `update` alteração do cadastro, `adjustment` ajuste de saldo inicial, `delete` inativação",
  Before: "Valor antes da alteração (valores em reais)",
  After: "Valor depois da alteração (valores em reais)",
  // statement, transfers, reconciliation
  Acquirer: "Nome da adquirente (ex.: Cielo, Stone)",
  Credit: "Perna de entrada, na conta de destino",
  Debit: "Perna de saída, na conta de origem",
  DeletedEntries: "Os dois lançamentos excluídos (saída e entrada)",
  UnlinkedEntries:
    "Lançamentos internos desligados da linha: excluídos quando a conciliação os tinha lançado",
  "BankLine.Date": "Data da linha no banco (DTPOSTED do OFX)",
  "BankLine.Description": "Descrição da linha no banco (MEMO/NAME do OFX)",
  "BankLine.Document": "Documento da linha (CHECKNUM/REFNUM do OFX)",
  "AcquirerLine.Date": "Data do depósito da adquirente",
  "AcquirerLineRequest.Acquirer": "Nome da adquirente (ex.: Cielo, Stone)",
  "ManualBankLine.Description": "Descrição da linha, como no extrato do banco",
  "ManualBankLine.Document": "Documento da linha",
  "InternalAccount.Description": "Descrição do lançamento",
  "InternalAccount.Document": "Documento do lançamento",
  "TransferEntry.Date": "Data e hora do lançamento no fuso da empresa",
  "TransferEntry.Description":
    "Texto informado (padrão `Transferência entre contas`) + banco e conta do outro lado",
  "TransferEntry.IDBankAccount": "Conta bancária desta perna",
  "TransferEntry.IDBankStatement": "Lançamento interno desta perna",
  "TransferEntry.Value": "Valor da perna, positivo",
  "UnlinkedEntry.Date": "Data e hora do lançamento no fuso da empresa",
  "Transfer.Value": "Valor transferido",
  "DeletedTransfer.Value": "Valor da transferência excluída",
  "ReconciliationRequest.IDAccountPayableReceivable": "Título a conciliar (a pagar ou a receber, da empresa)",
  "ReconciliationRequest.Value": "Valor a conciliar do título; padrão: o valor em aberto",
  "ReconciliationRequest.IDBankStatement":
    "Perna de transferência já lançada na conta conciliada e ainda não conciliada",
  "ConciliationRule.Description":
    "Texto procurado na descrição da linha do extrato (sem diferenciar maiúsculas nem acentos)",
  "ConciliationRule.IDBankAccount": "Conta bancária da regra",
  "ConciliationRule.IDTypeAccountPayableReceivable": "Filtro do plano de contas do título (tipo 1)",
  "ConciliationRule.IDTypeDocument": "Filtro do tipo de documento do título (tipo 1)",
  "ConciliationRule.IDTypePayment": "Filtro do tipo de pagamento do título (tipo 1)",
  "ConciliationRule.IDSupplier": "Filtro do fornecedor do título (tipo 1)",
  "ConciliationRule.IDConsumer": "Filtro do cliente do título (tipo 1)",
  // titles
  DueDate: "Vencimento",
  StatusName: "Nome do Status",
  "TitlePayment.Description": "Descrição do lançamento do pagamento",
  // jobs and uploads
  Type: "Tipo",
  "Job.Type": "Tipo do job: `SkuTemplate`, `OrdersTemplate` ou `BankStatementOFX`",
  "Job.Status": "Situação: `Pending`, `Processing`, `Done` ou `Failed`",
  "Job.Message": "Mensagem de erro da linha",
  Line: "Linha do arquivo (1 = primeira linha de dados)",
  CreatedAt: "Data e hora de criação no fuso da empresa",
  FinishedAt: "Data e hora do fim do processamento no fuso da empresa; null enquanto não terminou",
  FailureReason: "Motivo da falha do job inteiro; null quando não falhou",
  Message: "Mensagem",
  Method: "Método HTTP do upload: sempre `PUT`",
  SizeBytes: "Tamanho do arquivo em bytes",
  "UploadStored.Key": "Chave do arquivo gravado, a enviar em `Action=ConfirmUpload`",
  // company, users, registries
  Name: "Nome",
  Email: "E-mail",
  Password: "Senha",
  Origin: "Origem do cadastro do usuário; null quando não informada",
  Companies: "Empresas a que o usuário tem acesso",
  "Company.Status": "1 ativa",
  "User.Status": "1 ativo",
  TimeZone: "Fuso horário da empresa (IANA), usado em datas, data-hora e no “hoje”",
  SefazAmbienteNF: "Ambiente SEFAZ da NF-e: 1 produção, 2 homologação",
  SefazAmbienteNFC: "Ambiente SEFAZ da NFC-e: 1 produção, 2 homologação",
  SefazAmbienteServiceInvoice: "Ambiente da nota de serviço: 1 produção, 2 homologação",
  Description: "Descrição",
  Document: "Documento",
  "CompanyUpdate.Document": "CNPJ (numérico ou alfanumérico), guardado sem pontuação e em maiúsculas",
  HubCarrierName: "Nome da transportadora como o hub a envia",
  IsActive: "1 ativo, 0 inativo",
  IsCarrier: "1 quando o fornecedor é uma transportadora",
  IsTransfer: "1 quando o tipo de pedido é de transferência",
  EnabledPOS: "1 quando o tipo de pedido pode ser usado na frente de caixa (PDV)",
  MenuHome: "1 para exibir no menu da página inicial",
  Keywords: "Palavras-chave",
  Title: "Título (SEO)",
  Score: "Pontuação; null até ser definida",
  Status: "Situação",
  Page: "Página devolvida, a partir de 0",
  errorMessage: "Mensagem do erro, texto exato (com acentos)",
  // stock (SKU registry, ledger, batches, counts, pricing)
  IDSku: "SKU (o mesmo id do cadastro de produtos)",
  IDBrand: "Marca",
  IDWarehouse: "Depósito",
  IDWarehouseFrom: "Depósito de origem",
  IDWarehouseTo: "Depósito de destino",
  IDBatch: "Lote do SKU",
  IDStockKeepingUnitInventorySummary: "Inventário (sessão de contagem)",
  Code: "Código (do SKU, único na empresa; do lote, único no SKU)",
  EAN: "Código de barras GTIN/EAN (8, 12, 13 ou 14 dígitos)",
  Unit: "Unidade de medida (UN, KG, L, M, CX...)",
  DecimalQuantity: "1: quantidades com até 3 decimais; 0: só inteiras",
  BatchControl: "1: toda movimentação do SKU informa o lote",
  TaxProfile: "Perfil tributário do SKU",
  AllowPriceBelowCost: "1 permite à precificação gravar preço abaixo do custo",
  Reason: "Motivo da movimentação",
  ExpirationDate: "Data de validade do lote (AAAA-MM-DD)",
  ManufacturingDate: "Data de fabricação do lote (AAAA-MM-DD)",
  Markup: "Markup sobre o custo, em %",
  TaxRate: "Impostos sobre o preço de venda, em %",
  FeeRate: "Taxas sobre o preço de venda, em %",
  FixedFee: "Taxa fixa por unidade (R$)",
  AppliedAt: "Data-hora da aplicação do inventário (null enquanto aberto)",
  Items: "Itens",
  MinShelfLifeDays: "Validade mínima restante, em dias, para o lote ser vendável",
  PickOrder: "FEFO (vence primeiro, sai primeiro) ou FIFO (lote mais antigo primeiro)",
  AllowNegativeStock: "1 permite saídas que deixam o estoque negativo; 0 as recusa",
  "SkuInventorySummary.Date": "Data-hora do registro",
  "SkuInventorySummaryLog.Date": "Data-hora do registro",
  Search: "Busca por código, nome ou EAN; espaços viram curinga",
};

type Schema = {
  $ref?: string;
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { name: string; description?: string; schema?: Schema };
type Content = Record<string, { schema?: Schema }>;
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Content };
  responses?: Record<string, { content?: Content }>;
};

export function fieldDescription(field: string, schemaName?: string): string | undefined {
  return (schemaName && FIELDS[`${schemaName}.${field}`]) || FIELDS[field];
}

function describeSchema(schema: Schema | boolean | undefined, schemaName?: string): void {
  if (!schema || typeof schema !== "object" || schema.$ref) return;
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    if (!property.$ref && !property.description) {
      const description = fieldDescription(field, schemaName);
      if (description) property.description = description;
    }
    describeSchema(property, schemaName);
  }
  describeSchema(schema.items, schemaName);
  describeSchema(schema.additionalProperties, schemaName);
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    describeSchema(part, schemaName);
  }
}

/** Fills the descriptions a route left out, from the glossary, in components, bodies, answers and parameters. */
export function describeFields(doc: {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, unknown>;
}): void {
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    describeSchema(schema as Schema, name);
  }
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(methods as Record<string, Operation>)) {
      for (const parameter of operation.parameters ?? []) {
        parameter.description ??= parameter.schema?.description ?? fieldDescription(parameter.name);
      }
      const contents = [
        operation.requestBody?.content,
        ...Object.values(operation.responses ?? {}).map((r) => r.content),
      ];
      for (const content of contents) {
        for (const media of Object.values(content ?? {})) describeSchema(media.schema);
      }
    }
  }
}
