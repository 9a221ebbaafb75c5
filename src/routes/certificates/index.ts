import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { CERTIFICATE_MESSAGES as M } from "../../domain/certificates/messages";
import { MAX_PKCS12_BYTES } from "../../domain/certificates/pkcs12";
import {
  type CertificateUpload,
  invoiceCertificate,
  removeInvoiceCertificate,
  storeInvoiceCertificate,
} from "../../domain/certificates/store";
import { COMPANY_INVOICE_NOT_FOUND } from "../../domain/registries/messages";
import type { AppEnv } from "../../env";
import { type AppRouteHandler, createRouter } from "../../http/router";
import { idPath, jsonOk, SuccessStringSchema } from "../../http/schemas";
import { ApiError, badRequest } from "../../lib/errors";
import {
  CertificateFormSchema,
  CertificateJsonSchema,
  CertificateSchema,
  certificateAnswer,
} from "./schemas";

const params = z.object({ idcompanyinvoice: idPath("idcompanyinvoice") });
const PATH = "/company/invoice/{idcompanyinvoice}/certificate";

const isMultipart = (contentType: string | undefined) => /^multipart\/form-data/i.test(contentType ?? "");
const isJson = (contentType: string | undefined) =>
  /^application\/([a-z.-]+\+)?json/i.test(contentType ?? "");

/** JSON or multipart only: anything else is the 400 that says how to send the certificate. */
const requireCertificateBody = createMiddleware<AppEnv>(async (c, next) => {
  const contentType = c.req.header("content-type");
  if (!isJson(contentType) && !isMultipart(contentType))
    throw new ApiError(400, M.fileRequired, { code: "unsupported_media_type" });
  await next();
});

/** The base64 of the JSON body as bytes (bounded before decoding). */
function base64File(text: string | undefined): Uint8Array | null {
  if (text === undefined) return null;
  const compact = text.replace(/\s+/g, "");
  if (compact.length > Math.ceil(MAX_PKCS12_BYTES / 3) * 4 + 4)
    throw badRequest(M.tooLarge(MAX_PKCS12_BYTES));
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) throw badRequest(M.base64Invalid);
  try {
    return Uint8Array.from(atob(compact), (ch) => ch.charCodeAt(0));
  } catch {
    throw badRequest(M.base64Invalid);
  }
}

/** The multipart part as bytes: a file, or a text field's UTF-8. */
async function formFile(part: unknown): Promise<Uint8Array | null> {
  if (part instanceof Blob) {
    if (part.size > MAX_PKCS12_BYTES) throw badRequest(M.tooLarge(MAX_PKCS12_BYTES));
    return new Uint8Array(await part.arrayBuffer());
  }
  if (typeof part === "string") return new TextEncoder().encode(part);
  return null;
}

const RULES = [
  "O certificado A1 ICP-Brasil da empresa emissora, em PKCS#12 (.pfx/.p12, até 64 KiB), lido no Worker",
  "(node-forge: 3DES, RC2-40 e AES/PBES2). Fica no cofre de certificados da empresa pelo seu CNPJ, com a chave",
  "privada cifrada (nunca devolvida): assina as NF-e e os eventos e serve à integração SEFAZ (distribuição e",
  "manifestação) do mesmo CNPJ (ou da mesma raiz). Em produção o TLS mútuo com a SEFAZ usa o binding",
  "`mtls_certificates` nomeado em `MtlsCertificate` (docs/DEPLOYMENT.md).",
].join(" ");

export const postCertificateRoute = createRoute({
  method: "post",
  path: PATH,
  operationId: "postCompanyInvoiceCertificate",
  tags: ["Company"],
  summary: "Envia o certificado A1 (PKCS#12) da empresa emissora",
  description: [
    RULES,
    "Envie multipart/form-data (`File`, `Password`, `MtlsCertificate` opcional) ou JSON (`Certificate` em base64, `Password`, `MtlsCertificate`).",
    "O certificado substitui o guardado para o mesmo CNPJ. Recusas (400, nada é guardado):",
    [
      M.wrongPassword,
      M.notPkcs12,
      M.pemNotPkcs12,
      M.noPrivateKey,
      M.noCertificate,
      M.keyMismatch,
      M.notRsa,
      M.expired("<NotAfter>"),
      M.notYetValid("<NotBefore>"),
      M.noCnpj,
      M.otherRoot("<CNPJ>", "<Document>"),
      M.noDocument,
      M.tooLarge(MAX_PKCS12_BYTES),
      COMPANY_INVOICE_NOT_FOUND,
    ]
      .map((message) => `\`${message}\``)
      .join("; "),
  ].join("\n\n"),
  middleware: [requireCertificateBody] as const,
  request: {
    params,
    body: {
      required: true,
      content: {
        "application/json": { schema: CertificateJsonSchema },
        "multipart/form-data": { schema: CertificateFormSchema },
      },
    },
  },
  responses: jsonOk(CertificateSchema, "O certificado guardado (sem a chave)"),
});

const postCertificate: AppRouteHandler<typeof postCertificateRoute> = async (c) => {
  const invoiceId = c.req.valid("param").idcompanyinvoice;
  let upload: CertificateUpload;
  if (isMultipart(c.req.header("content-type"))) {
    const form = c.req.valid("form") as z.infer<typeof CertificateFormSchema>;
    upload = {
      file: await formFile(form.File),
      password: form.Password,
      mtlsCertificate: form.MtlsCertificate,
    };
  } else {
    const json = c.req.valid("json") as z.infer<typeof CertificateJsonSchema>;
    upload = {
      file: base64File(json.Certificate),
      password: json.Password,
      mtlsCertificate: json.MtlsCertificate,
    };
  }
  const view = await storeInvoiceCertificate(
    c.get("db"),
    c.env,
    c.get("caller").companyId,
    invoiceId,
    upload,
  );
  return c.json(certificateAnswer(invoiceId, view), 200);
};

export const getCertificateRoute = createRoute({
  method: "get",
  path: PATH,
  operationId: "getCompanyInvoiceCertificate",
  tags: ["Company"],
  summary: "O certificado A1 da empresa emissora (titular, CNPJ, validade; nunca a chave)",
  description: `O certificado que assina pela empresa emissora: o do CNPJ do seu Document, senão o de outro CNPJ da mesma raiz. 400 \`${M.notFound}\`, \`${M.noDocument}\`, \`${COMPANY_INVOICE_NOT_FOUND}\`.`,
  request: { params },
  responses: jsonOk(CertificateSchema, "O certificado guardado (sem a chave)"),
});

const getCertificate: AppRouteHandler<typeof getCertificateRoute> = async (c) => {
  const invoiceId = c.req.valid("param").idcompanyinvoice;
  const view = await invoiceCertificate(c.get("db"), c.get("caller").companyId, invoiceId);
  return c.json(certificateAnswer(invoiceId, view), 200);
};

export const deleteCertificateRoute = createRoute({
  method: "delete",
  path: PATH,
  operationId: "deleteCompanyInvoiceCertificate",
  tags: ["Company"],
  summary: "Remove o certificado A1 da empresa emissora",
  description: `Remove do cofre o certificado que o GET mostra, com sua chave: a emissão e a integração SEFAZ desse CNPJ ficam sem certificado. 400 \`${M.notFound}\`.`,
  request: { params },
  responses: jsonOk(SuccessStringSchema, "A string `sucesso`"),
});

const deleteCertificate: AppRouteHandler<typeof deleteCertificateRoute> = async (c) => {
  await removeInvoiceCertificate(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idcompanyinvoice,
  );
  return c.json("sucesso" as const, 200);
};

export const certificatesRouter = createRouter()
  .openapi(postCertificateRoute, postCertificate)
  .openapi(getCertificateRoute, getCertificate)
  .openapi(deleteCertificateRoute, deleteCertificate);
