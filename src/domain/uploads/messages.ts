/** Texts of the upload flow (SPEC "File upload in two steps"; the wording is the service's own). */
export const ACTION_INVALID = "Action deve ser RequestUploadUrl ou ConfirmUpload";
export const FILE_NAME_REQUIRED = "FileName obrigatório";
export const CONTENT_TYPE_REQUIRED = "ContentType obrigatório";
export const contentTypeNotAllowed = (contentType: string, jobType: string, allowed: readonly string[]) =>
  `ContentType ${contentType} não permitido para ${jobType}. Aceitos: ${allowed.join(", ")}`;
export const SIZE_REQUIRED = "SizeBytes obrigatório e maior que zero";
export const fileTooLarge = (maxBytes: number) => `Arquivo excede o tamanho máximo de ${maxBytes} bytes`;
export const KEY_REQUIRED = "Key obrigatória";
export const UPLOAD_NOT_FOUND = "Upload não encontrado";
export const FILE_NOT_UPLOADED = "Arquivo ainda não enviado para esta Key";
export const FILE_REQUIRED = "Arquivo não enviado: use o campo file do multipart/form-data";
export const EMPTY_FILE = "Arquivo vazio";
export const BODY_KIND_REQUIRED =
  "Envie JSON com Action (RequestUploadUrl ou ConfirmUpload) ou multipart/form-data com o campo file";

/** Refusals of the signed upload URL (`PUT /upload/{Key}`). */
export const UPLOAD_SIGNATURE_INVALID = "Assinatura do upload inválida";
export const UPLOAD_URL_EXPIRED = "URL de upload expirada";
export const uploadContentTypeMismatch = (expected: string) =>
  `Content-Type do upload difere do informado na solicitação: envie ${expected}`;
export const CONTENT_LENGTH_REQUIRED = "Content-Length obrigatório no upload";
export const UPLOAD_LARGER_THAN_DECLARED = "Arquivo maior que o tamanho informado em SizeBytes";
export const UPLOAD_LENGTH_MISMATCH = "Corpo do upload difere do Content-Length informado";
export const UPLOAD_ALREADY_STORED = "Arquivo já enviado para esta Key";

/** Storage faults (500 with the `Error:` prefix of the spec, never a 502). */
export const storageFailure = (action: string) => `Error: Falha no armazenamento de arquivos ao ${action}`;
