import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The closed set of machine-readable error codes, each with what it tells the client (the OpenAPI
 * `Error.code` enum and docs/ERRORS.md are written from this table). A client branches on `code`;
 * `errorMessage` stays the exact text of the spec, for people.
 */
export const ERROR_CODES = {
  validation_failed:
    "Corpo, parâmetro ou regra de negócio recusados (400): `errorMessage` diz o que corrigir",
  field_required: "Um campo obrigatório não foi enviado (400): `<campo> é obrigatório`",
  malformed_json: "O corpo não é JSON válido (400)",
  unauthorized: "Credencial recusada (401): e-mail ou senha no sign-in, segredo de webhook",
  token_missing: "Nenhum token: envie `Authorization: JWT <token>` (401)",
  token_malformed:
    "O cabeçalho `Authorization` ou o token não têm a forma `JWT <header.payload.assinatura>` (401)",
  token_invalid: "Token com assinatura, algoritmo ou claims que esta API não emitiu (401)",
  token_expired: "Token expirado: entre de novo em `POST /user/signin/local` (401)",
  token_other_account: "Token válido de outra conta: use o token emitido para a conta do endereço (401)",
  forbidden: "Credencial que não é um token recusada: URL de upload assinada adulterada ou expirada (403)",
  not_found: "Rota, conta, versão ou registro inexistente (404)",
  method_not_allowed: "O caminho existe, o método não: o cabeçalho `Allow` lista os aceitos (405)",
  conflict: "A escrita conflita com o estado atual do registro (409)",
  payload_too_large: "Corpo acima do limite (413)",
  unsupported_media_type: "`Content-Type` que a rota não aceita: `errorMessage` diz qual enviar (415)",
  rate_limited: "Requisições demais: espere o indicado em `Retry-After` (429)",
  request_refused: "Outra recusa da requisição (4xx sem código próprio)",
  internal_error: "Falha interna (500): `errorMessage` traz o código da requisição para o suporte",
  upstream_failed: "Um serviço externo (banco, SEFAZ, canal de venda) falhou (502/503/504)",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The code of an error that names none: one per status, so a new error needs no code of its own. */
const CODE_BY_STATUS = {
  400: "validation_failed",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  500: "internal_error",
  502: "upstream_failed",
  503: "upstream_failed",
  504: "upstream_failed",
} as const satisfies Record<number, ErrorCode>;

export type ApiErrorStatus = keyof typeof CODE_BY_STATUS;

/** The code of an answer with `status` when nothing more specific was said. */
export function codeForStatus(status: number): ErrorCode {
  const code = (CODE_BY_STATUS as Record<number, ErrorCode>)[status];
  if (code) return code;
  return status >= 500 ? "internal_error" : "request_refused";
}

export type ApiErrorOptions = {
  /** A code more specific than the status's own (`token_expired`, `field_required`...). */
  code?: ErrorCode;
  /** A sentence that says more than a spec text may (the 401s: which part of the token is wrong). */
  detail?: string;
  /** Headers the answer carries (`Allow` on a 405, `Retry-After` on a 429). */
  headers?: Record<string, string>;
};

/**
 * The one error type of the service: an HTTP status, the exact message the client sees and, when the
 * status alone does not say it, a more specific code. The error handler writes
 * `{"errorMessage", "code", "detail"?}` from it.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly detail: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: ApiErrorStatus & ContentfulStatusCode,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = options.code ?? codeForStatus(status);
    this.detail = options.detail;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const UNAUTHORIZED = "Não autorizado";
/** A refused credential; the token checks name the reason in `code` and `detail`, the text stays the spec's. */
export const unauthorized = (options?: ApiErrorOptions) => new ApiError(401, UNAUTHORIZED, options);
/** A refused credential that is not a session token (a tampered or expired signed URL). */
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message = "Recurso não encontrado") => new ApiError(404, message);

/**
 * True when a D1/SQLite error comes from a constraint (UNIQUE, CHECK, NOT NULL): the
 * database refused a write that a concurrent request made invalid.
 */
export function isConstraintError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return /constraint failed|SQLITE_CONSTRAINT/i.test(text);
}

/** Runs a write and turns a constraint violation into the given 400, rethrowing anything else. */
export async function refuseOnConflict<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isConstraintError(error)) throw badRequest(message);
    throw error;
  }
}
