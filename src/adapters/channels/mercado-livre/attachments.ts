/**
 * Files sent to Mercado Livre, the channel's limits checked before any call:
 * - a claim's attachment: `POST /post-purchase/v1/claims/{id}/attachments` (multipart, part `file`;
 *   answer `{user_id, filename, render_url}`), then the message that carries it to the buyer and the
 *   mediation: `POST /post-purchase/v1/claims/{id}/actions/send-message` `{receiver_role, message,
 *   attachments: [filename]}` (developers.mercadolivre.com.br "Gerenciar mensagens de uma reclamação";
 *   Mercado Pago's claims reference "Anexar arquivos à mensagem", "Enviar mensagem com arquivo");
 * - an order's invoice: `POST /packs/{pack_id}/fiscal_documents` (multipart, part `fiscal_document`;
 *   the order's id when it has no pack; one fiscal document per pack; answer `{ids: [...]}`)
 *   (developers.mercadolivre.com.br "Anexar Nota Fiscal").
 * Refusals: 400 naming the size or the type → `refused_size` / `refused_extension`; 403 → the channel
 * does not take attachments there (`no_attachments`); 404 → the order or claim is not found.
 */
import { ChannelError, type ChannelFile } from "../types";
import { readMlClaim } from "./claims";
import type { MlHttp } from "./http";

export type MlAttachmentLimits = { extensions: readonly string[]; maxBytes: number };

/** A claim's attachment: images or PDF, up to 5 MB. */
export const ML_CLAIM_ATTACHMENT_LIMITS: MlAttachmentLimits = {
  extensions: ["jpg", "jpeg", "png", "pdf"],
  maxBytes: 5 * 1024 * 1024,
};

/** The pack's fiscal document (the invoice): PDF or the NF-e's XML, up to 1 MB. */
export const ML_FISCAL_DOCUMENT_LIMITS: MlAttachmentLimits = {
  extensions: ["pdf", "xml"],
  maxBytes: 1024 * 1024,
};

/** The message that carries a claim's attachment (Mercado Livre refuses a message without text). */
export const mlClaimAttachmentMessage = (fileName: string) => `Anexo enviado pelo vendedor: ${fileName}`;

/** Refuses a file outside the limits, before any call to the channel. */
export function checkMlLimits(file: ChannelFile, limits: MlAttachmentLimits): void {
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(file.name)?.[1]?.toLowerCase() ?? "";
  if (!limits.extensions.includes(extension))
    throw new ChannelError("refused_extension", { extension, accepted: limits.extensions.join(", ") });
  if (file.bytes.byteLength > limits.maxBytes)
    throw new ChannelError("refused_size", { size: file.bytes.byteLength, max: limits.maxBytes });
}

/** The channel's answer to an upload: the body when accepted, else the failure it means. */
function accepted(
  answer: { status: number; body: unknown },
  file: ChannelFile,
  limits: MlAttachmentLimits,
  notFound: "order_not_found" | "claim_not_found",
): Record<string, unknown> {
  const { status, body } = answer;
  if (status >= 200 && status < 300) return (body ?? {}) as Record<string, unknown>;
  const text = JSON.stringify(body ?? "").toLowerCase();
  if (status === 400 || status === 413 || status === 415) {
    if (status === 413 || /size|tamanho|too large|large/.test(text))
      throw new ChannelError("refused_size", { size: file.bytes.byteLength, max: limits.maxBytes });
    if (status === 415 || /type|extension|format|formato|extens/.test(text))
      throw new ChannelError("refused_extension", {
        extension: /\.([A-Za-z0-9]{1,10})$/.exec(file.name)?.[1]?.toLowerCase() ?? "",
        accepted: limits.extensions.join(", "),
      });
    throw new ChannelError("invalid_answer");
  }
  if (status === 401) throw new ChannelError("expired");
  if (status === 403) throw new ChannelError("no_attachments");
  if (status === 404) throw new ChannelError(notFound);
  throw new ChannelError(status === 429 || status >= 500 ? "timeout" : "invalid_answer");
}

const formOf = (part: string, file: ChannelFile) => () => {
  const form = new FormData();
  form.append(part, new Blob([file.bytes], { type: file.contentType }), file.name);
  return form;
};

/** A claim's attachment, then the message that carries it; the attachment's `filename` at the channel. */
export async function sendMlClaimAttachment(
  http: MlHttp,
  claimId: string,
  sellerId: string,
  file: ChannelFile,
): Promise<{ attachmentId: string }> {
  const limits = ML_CLAIM_ATTACHMENT_LIMITS;
  checkMlLimits(file, limits);
  await readMlClaim(http, claimId, sellerId);
  const uploaded = accepted(
    await http.post(`/post-purchase/v1/claims/${claimId}/attachments`, formOf("file", file)),
    file,
    limits,
    "claim_not_found",
  );
  const fileName = typeof uploaded.filename === "string" ? uploaded.filename : null;
  if (!fileName || fileName.length > 300) throw new ChannelError("invalid_answer");
  accepted(
    await http.post(
      `/post-purchase/v1/claims/${claimId}/actions/send-message`,
      () =>
        JSON.stringify({
          receiver_role: "complainant",
          message: mlClaimAttachmentMessage(file.name),
          attachments: [fileName],
        }),
      { "Content-Type": "application/json" },
    ),
    file,
    limits,
    "claim_not_found",
  );
  return { attachmentId: fileName };
}

/** The order's invoice as its pack's fiscal document; the document's id at the channel. */
export async function sendMlFiscalDocument(
  http: MlHttp,
  orderId: string,
  file: ChannelFile,
): Promise<{ attachmentId: string }> {
  const limits = ML_FISCAL_DOCUMENT_LIMITS;
  checkMlLimits(file, limits);
  if (!/^\d{1,20}$/.test(orderId)) throw new ChannelError("order_not_found");
  const order = (await http.get(`/orders/${orderId}`)) as { pack_id?: unknown } | null;
  const pack = order?.pack_id;
  const packId =
    typeof pack === "number" || (typeof pack === "string" && /^\d{1,20}$/.test(pack))
      ? String(pack)
      : orderId;
  const body = accepted(
    await http.post(`/packs/${packId}/fiscal_documents`, formOf("fiscal_document", file)),
    file,
    limits,
    "order_not_found",
  );
  const ids = Array.isArray(body.ids) ? body.ids : body.id !== undefined ? [body.id] : [];
  const first = ids[0];
  if (typeof first !== "string" && typeof first !== "number") throw new ChannelError("invalid_answer");
  return { attachmentId: String(first).slice(0, 200) };
}
