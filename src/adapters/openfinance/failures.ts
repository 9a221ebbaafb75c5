/** The readable Portuguese reason of each failure, stored on the feed; never a credential or a URL. */
import type { FeedFailure } from "./types";

export function reasonOf(failure: FeedFailure): string {
  switch (failure.kind) {
    case "credentials_refused":
      return `Pluggy recusou o Client ID/Client Secret (HTTP ${failure.status}${failure.code ? ` ${failure.code}` : ""}): confira as credenciais da integração`;
    case "api_key_refused":
      return "Pluggy recusou a API key recém-emitida (HTTP 401)";
    case "rate_limited":
      return `Pluggy limitou as chamadas (HTTP 429): nova tentativa após ${failure.retryAfterSeconds} s`;
    case "unavailable":
      return `Pluggy indisponível (HTTP ${failure.status}${failure.code ? ` ${failure.code}` : ""})`;
    case "not_found":
      return `Pluggy não encontrou o recurso (HTTP 404${failure.code ? ` ${failure.code}` : ""}): item ou conta inexistente ou de outra aplicação`;
    case "refused":
      return `Pluggy recusou a chamada (HTTP ${failure.status}${failure.code ? ` ${failure.code}` : ""})`;
    case "invalid_answer":
      return `Pluggy respondeu fora do formato publicado: ${failure.detail}`;
    case "too_many_pages":
      return `Pluggy: paginação excedeu ${failure.pages} páginas`;
    case "timeout":
      return `Pluggy não respondeu em ${failure.timeoutMs} ms`;
    case "redirect":
      return `Pluggy respondeu com um redirecionamento (HTTP ${failure.status}), que não é seguido`;
    case "too_large":
      return `Pluggy: resposta maior que ${failure.maxBytes} bytes`;
    case "network":
      return `Pluggy inacessível: ${failure.detail}`;
    case "address":
      return failure.detail;
  }
}
