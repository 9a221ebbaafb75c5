import { z } from "@hono/zod-openapi";
import type { CertificateView } from "../../domain/certificates/store";

const mtls = z.string().max(100).nullable().optional().openapi({
  description:
    "Nome do binding `mtls_certificates` do Worker (wrangler.toml) que apresenta este certificado no TLS mútuo com a SEFAZ em produção; omitido mantém o guardado, null remove. Em desenvolvimento e nos testes fica sem binding",
  example: "SEFAZ_CERT",
});

const password = z.string().max(200).optional().openapi({
  description: "Senha do arquivo PKCS#12 (obrigatória; pode ser vazia se o arquivo foi exportado sem senha)",
});

export const CertificateJsonSchema = z
  .object({
    Certificate: z.string().max(100_000).optional().openapi({
      description: "O arquivo PKCS#12 (.pfx ou .p12) do certificado A1, em base64 (máximo 64 KiB)",
    }),
    Password: password,
    MtlsCertificate: mtls,
  })
  .openapi("CertificateUpload");

export const CertificateFormSchema = z
  .object({
    File: z.any().optional().openapi({
      type: "string",
      format: "binary",
      description: "O arquivo PKCS#12 (.pfx ou .p12) do certificado A1 (máximo 64 KiB)",
    }),
    Password: password,
    MtlsCertificate: z.string().max(100).optional().openapi({
      description: "Nome do binding `mtls_certificates` que apresenta este certificado em produção",
    }),
  })
  .openapi("CertificateUploadForm");

export const CertificateSchema = z
  .object({
    IDCompanyInvoice: z.number().int().openapi({ description: "A empresa emissora (faturador)" }),
    CNPJ: z.string().openapi({
      description:
        "CNPJ do certificado: o otherName ICP-Brasil 2.16.76.1.3.3 do subjectAltName (ou, sem ele, o CNPJ após ':' no CN do e-CNPJ); a raiz é a do Document da empresa emissora",
      example: "11222333000181",
    }),
    Subject: z.string().nullable().openapi({
      description: "Titular do certificado (nome distinto, do mais específico ao mais geral)",
      example: "CN=EMPRESA TESTE LTDA:11222333000181, OU=Certificado PJ A1, O=ICP-Brasil, C=BR",
    }),
    NotBefore: z.string().nullable().openapi({ description: "Início da validade (ISO 8601 UTC)" }),
    NotAfter: z.string().nullable().openapi({ description: "Fim da validade (ISO 8601 UTC)" }),
    MtlsCertificate: z.string().nullable().openapi({
      description: "Binding `mtls_certificates` que apresenta o certificado em produção; null: nenhum",
    }),
    UpdatedAt: z.string().openapi({ description: "Quando foi guardado (UTC)" }),
  })
  .openapi("Certificate");

export const certificateAnswer = (
  invoiceId: number,
  view: CertificateView,
): z.infer<typeof CertificateSchema> => ({
  IDCompanyInvoice: invoiceId,
  CNPJ: view.cnpj,
  Subject: view.subject,
  NotBefore: view.notBefore,
  NotAfter: view.notAfter,
  MtlsCertificate: view.mtlsCertificate,
  UpdatedAt: view.updatedAt,
});
