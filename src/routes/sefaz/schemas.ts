import { z } from "@hono/zod-openapi";
import type { SefazDocumentRow } from "../../db/sefaz-integrations";
import type { SefazSettingsView } from "../../domain/sefaz/settings";
import { flagBody } from "../../http/schemas";

const pem = (description: string) => z.string().max(20_000).openapi({ description });

export const SefazSettingsBodySchema = z
  .object({
    CNPJ: z.string().max(20).openapi({
      description:
        "CNPJ da empresa ou de uma empresa emissora ativa dela, com dígitos verificadores válidos: numérico ou alfanumérico (ex. `12.ABC.345/01DE-35`), com ou sem pontuação, letras minúsculas aceitas; guardado sem pontuação e em maiúsculas",
      example: "11.222.333/0001-81",
    }),
    UF: z
      .string()
      .max(2)
      .openapi({ description: "UF do CNPJ: sigla (SP) ou código IBGE (35): `cUFAutor`", example: "SP" }),
    BaseUrl: z.string().max(2048).nullable().optional().openapi({
      description:
        "Endereço do serviço NFeDistribuicaoDFe; omitido ou null: o do Ambiente Nacional (produção ou homologação, pelo SefazAmbienteNF da empresa). Em produção só https em host público",
    }),
    MtlsCertificate: z.string().max(100).nullable().optional().openapi({
      description:
        "Nome do binding `mtls_certificates` do Worker com o certificado A1 (ICP-Brasil) da empresa; obrigatório em produção. Guardado com o certificado do CNPJ no cofre de certificados",
    }),
    Certificate: pem(
      "Parte pública do certificado A1 em PEM: sua validade (notAfter) é lida e mostrada. Guardado no cofre de certificados da empresa pelo CNPJ (o mesmo de POST /company/invoice/{id}/certificate, que aceita o .pfx); omitido: vale o certificado do cofre para este CNPJ (ou sua raiz)",
    )
      .nullable()
      .optional(),
    PrivateKey: pem(
      "Chave privada do certificado em PEM, para assinar os eventos de manifestação: guardada cifrada no cofre de certificados (pelo CNPJ), nunca devolvida",
    ).optional(),
    AutoAwareness: flagBody("AutoAwareness").optional().openapi({
      description:
        "1: cada resumo (resNFe) novo recebe automaticamente a Ciência da Operação (210210), enviada por um job `SefazAwareness` na fila, para que a NF-e completa venha na próxima distribuição; 0: não (padrão). Omitido: mantém o guardado",
      example: 1,
    }),
  })
  .openapi("SefazSettingsBody");

export const SefazSettingsSchema = z
  .object({
    IDCompanyIntegration: z.number().int().openapi({ description: "Integração da empresa (Kind SEFAZ)" }),
    Description: z.string().openapi({ description: "Descrição da integração" }),
    CNPJ: z.string().openapi({
      description: "CNPJ consultado na distribuição (14 caracteres, numérico ou alfanumérico, sem pontuação)",
    }),
    UF: z.string().openapi({ description: "Código IBGE da UF (`cUFAutor`)" }),
    Environment: z
      .number()
      .int()
      .openapi({ description: "tpAmb: 1 produção, 2 homologação (SefazAmbienteNF da empresa)" }),
    BaseUrl: z.string().nullable().openapi({
      description:
        "Host dos serviços da SEFAZ (cada serviço acrescenta seu caminho publicado); null: o do Ambiente Nacional",
    }),
    MtlsCertificate: z
      .string()
      .nullable()
      .openapi({ description: "Nome do binding `mtls_certificates` com o certificado A1; null: nenhum" }),
    CertificateNotAfter: z
      .string()
      .nullable()
      .openapi({ description: "Fim da validade do certificado (ISO 8601 UTC)" }),
    CertificateSubject: z.string().nullable().openapi({
      description:
        "Titular do certificado: o nome distinto lido do PKCS#12 (POST /company/invoice/{id}/certificate) ou o CN lido do PEM",
    }),
    HasPrivateKey: z.boolean().openapi({
      description:
        "true: a chave privada de assinatura da manifestação está guardada (cifrada; nunca devolvida)",
    }),
    State: z.string().openapi({
      description:
        "`Ok`, `NotConfigured`, `CertificateExpired`, `ConsumptionRefused` (656), `Refused`, `Fault`, `Unavailable`, `InvalidAnswer`, `Timeout` ou `NetworkError`",
    }),
    StateReason: z
      .string()
      .nullable()
      .openapi({ description: "Motivo do State quando não é `Ok` (mensagem da SEFAZ ou da configuração)" }),
    RetryAfter: z
      .string()
      .nullable()
      .openapi({ description: "UTC: a distribuição agendada espera até aqui" }),
    NextDistributionAt: z.string().nullable().openapi({
      description:
        "UTC: nenhuma consulta distNSU antes daqui (1 hora depois de 137, ultNSU = maxNSU ou 656), nem pelo agendamento nem por POST .../sefaz/sync; null: pode consultar agora",
    }),
    UltNSU: z.string().openapi({
      description: "ultNSU: último NSU lido (15 dígitos); a próxima distribuição continua daqui",
      example: "000000000000000",
    }),
    MaxNSU: z.string().nullable().openapi({
      description: "maxNSU: maior NSU que a SEFAZ informou na última consulta; null: nunca consultada",
    }),
    LastSyncAt: z
      .string()
      .nullable()
      .openapi({ description: "Última consulta à SEFAZ (UTC); null: nunca consultada" }),
    AutoAwareness: z
      .number()
      .int()
      .openapi({
        enum: [0, 1],
        description: "1: Ciência da Operação (210210) automática a cada resumo novo; 0: não",
      }),
    MissingNSU: z.number().int().openapi({
      description:
        "NSUs ausentes (`Gap`) ainda não preenchidos: a distribuição os pede por consNSU, alguns por execução",
    }),
    AwaitingFullNFe: z.number().int().openapi({
      description:
        "Resumos (resNFe) autorizados cuja NF-e completa ainda não veio: depois de uma manifestação (210200/210210) ou de 24 horas a distribuição a pede por consChNFe",
    }),
  })
  .openapi("SefazSettings");

export const settingsAnswer = (view: SefazSettingsView): z.infer<typeof SefazSettingsSchema> => ({
  IDCompanyIntegration: view.settings.companyIntegrationId,
  Description: view.description,
  CNPJ: view.settings.cnpj,
  UF: view.settings.uf,
  Environment: view.environment,
  BaseUrl: view.settings.baseUrl,
  MtlsCertificate: view.certificate?.mtlsCertificate ?? null,
  CertificateNotAfter: view.certificate?.notAfter ?? null,
  CertificateSubject: view.certificate?.subject ?? null,
  HasPrivateKey: (view.certificate?.privateKey ?? null) !== null,
  State: view.settings.state,
  StateReason: view.settings.stateReason,
  RetryAfter: view.settings.retryAfter,
  NextDistributionAt: view.settings.nextDistributionAt,
  UltNSU: view.settings.ultNsu,
  MaxNSU: view.settings.maxNsu,
  LastSyncAt: view.settings.lastSyncAt,
  AutoAwareness: view.settings.autoAwareness,
  MissingNSU: view.missing.nsu,
  AwaitingFullNFe: view.missing.fullNfe,
});

export const SefazDocumentSchema = z
  .object({
    IDSefazDocument: z.number().int().openapi({ description: "Identificador do documento distribuído" }),
    NSU: z.string().openapi({
      description:
        "NSU do documento na distribuição (15 dígitos); `chNFe-<chave>` para um documento que a consulta por chave (consChNFe) trouxe sem NSU (opcional nessas respostas desde a NT 2014.002 v1.15)",
    }),
    Schema: z.string().openapi({
      description: "Schema XML do docZip, como veio da SEFAZ (vazio num `Gap`)",
      example: "resNFe_v1.01.xsd",
    }),
    Kind: z.string().openapi({ description: "`resNFe`, `procNFe`, `resEvento`, `procEventoNFe` ou `other`" }),
    Status: z.string().openapi({
      description:
        "`Summary` (resumo: a NF-e completa ainda não veio), `Queued`/`Imported` (NF-e completa: job NFeXML), `Stored` (evento), `Invalid` (ilegível, com Reason), `Refused` (docZip que passa de 1 MiB ao descompactar: recusado sem guardar o XML, com Reason; o cursor segue adiante), `Gap` (NSU ausente, pedido por consNSU)",
    }),
    Reason: z
      .string()
      .nullable()
      .openapi({ description: "Por que o documento é `Invalid`, `Refused` ou `Gap`; null: nenhum" }),
    ChNFe: z.string().nullable().openapi({
      description:
        "Chave de acesso da NF-e (44 caracteres: dígitos, e letras maiúsculas no CNPJ alfanumérico do emitente); null: não há",
    }),
    IssuerDocument: z.string().nullable().openapi({ description: "CNPJ ou CPF do emitente" }),
    IssuerName: z.string().nullable().openapi({ description: "Razão social do emitente (xNome)" }),
    IssuedAt: z
      .string()
      .nullable()
      .openapi({ description: "Data e hora de emissão (dhEmi) como veio no XML, com o fuso (ISO 8601)" }),
    TotalValue: z.number().int().openapi({ description: "vNF em centavos" }),
    Situation: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "cSitNFe do resumo: 1 autorizada, 2 denegada, 3 cancelada" }),
    IDJob: z.number().int().nullable().openapi({ description: "Job NFeXML da importação (NF-e completa)" }),
    Awareness: z.string().nullable().openapi({
      description:
        "Ciência automática (210210) de um resumo: `Pending` na fila, `Sent` registrada (ou já conhecida da SEFAZ: 573/655), `Refused` (motivo em AwarenessReason); null: não pedida",
    }),
    AwarenessReason: z
      .string()
      .nullable()
      .openapi({ description: "Resposta da SEFAZ (ou motivo) da ciência automática" }),
    Requests: z.number().int().openapi({
      description:
        "Consultas consNSU (Gap) ou consChNFe (resumo sem NF-e completa) já feitas por este documento",
    }),
    RequestedAt: z.string().nullable().openapi({ description: "Última dessas consultas (UTC)" }),
  })
  .openapi("SefazDocument");

export const documentAnswer = (row: Omit<SefazDocumentRow, "xml">): z.infer<typeof SefazDocumentSchema> => ({
  IDSefazDocument: row.id,
  NSU: row.nsu,
  Schema: row.schema,
  Kind: row.kind,
  Status: row.status,
  Reason: row.reason,
  ChNFe: row.chNfe,
  IssuerDocument: row.issuerDocument,
  IssuerName: row.issuerName,
  IssuedAt: row.issuedAt,
  TotalValue: row.totalValue,
  Situation: row.situation,
  IDJob: row.nfeJobId,
  Awareness: row.awareness,
  AwarenessReason: row.awarenessReason,
  Requests: row.requests,
  RequestedAt: row.requestedAt,
});
