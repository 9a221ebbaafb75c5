import { centsToPixAmount } from "../../domain/pix/amounts";
import { isCnpj, isCpf, isTxid } from "../../domain/pix/identifiers";
import type { PixChargeRequest } from "./types";

/** `CobSolicitada` of the OpenAPI: the body of `PUT /v2/cob/{txid}`. */
export type CobBody = {
  calendario: { expiracao: number };
  devedor?: { cpf: string; nome: string } | { cnpj: string; nome: string };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
};

/**
 * The body of a charge request, or the first field that breaks the OpenAPI's schema or the
 * violations `CobOperacaoInvalida` lists (expiry not above zero, amount zero, debtor without CPF or
 * CNPJ, key or payer text too long): such a request is never sent.
 */
export function chargeBody(txid: string, charge: PixChargeRequest): { json: CobBody } | { field: string } {
  if (!isTxid(txid)) return { field: "txid" };
  if (!Number.isSafeInteger(charge.expiresInSeconds) || charge.expiresInSeconds <= 0) {
    return { field: "calendario.expiracao" };
  }
  const original = centsToPixAmount(charge.amountCents);
  if (original === null || charge.amountCents === 0) return { field: "valor.original" };
  if (charge.key.length === 0 || charge.key.length > 77) return { field: "chave" };
  if (charge.payerRequest !== null && charge.payerRequest.length > 140) {
    return { field: "solicitacaoPagador" };
  }
  let devedor: CobBody["devedor"];
  if (charge.debtor !== null) {
    const { document, name } = charge.debtor;
    if (name.length === 0 || name.length > 200) return { field: "devedor.nome" };
    if (isCpf(document)) devedor = { cpf: document, nome: name };
    else if (isCnpj(document)) devedor = { cnpj: document, nome: name };
    else return { field: "devedor.cpf/cnpj" };
  }
  return {
    json: {
      calendario: { expiracao: charge.expiresInSeconds },
      ...(devedor ? { devedor } : {}),
      valor: { original },
      chave: charge.key,
      ...(charge.payerRequest !== null ? { solicitacaoPagador: charge.payerRequest } : {}),
    },
  };
}
