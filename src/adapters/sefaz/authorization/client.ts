/**
 * The issuer's side of SEFAZ: the NF-e 4.00 authorization services of the authorizer of a UF,
 * model and environment (authorizers.ts), called as SOAP 1.2 (`soap12Request`) through
 * `outboundFetch` only (the address rule, no redirects, a bounded answer, a time limit), with the
 * company's mTLS binding as `fetcher` in production. Every method answers SEFAZ's reading
 * (`{ ok: true, ...answer }`) or why there is none (`{ ok: false, failure }`); none throws for what
 * SEFAZ, the network or the caller's input does. The messages it receives ready (enviNFe, envEvento,
 * inutNFe: signed by the XML piece) are sent as given; the ones without a signature (consSitNFe,
 * consReciNFe, consStatServ) are written here. docs/NFE-SEFAZ.md.
 */
import { UF_CODES } from "../../../domain/company/fiscal-profile";
import { OutboundFailure, outboundFetch } from "../../../platform/outbound";
import { SEFAZ_PARTY } from "../distribution";
import { soap12ContentType, soap12Request } from "../soap";
import type { SefazEnvironment, SefazFetcher } from "../types";
import {
  type AnswerRead,
  type AuthorizeAnswer,
  type ConsultAnswer,
  type EventAnswer,
  readAuthorizeAnswer,
  readConsultAnswer,
  readEventAnswer,
  readReceiptAnswer,
  readStatusAnswer,
  readVoidAnswer,
  type StatusAnswer,
  type VoidAnswer,
} from "./answers";
import {
  type AuthorizationService,
  type Authorizer,
  type AuthorizerEmissionType,
  authorizerOf,
  type DocumentModel,
  serviceUrl,
} from "./authorizers";

export const NFE_NAMESPACE = "http://www.portalfiscal.inf.br/nfe";
const WSDL_BASE = "http://www.portalfiscal.inf.br/nfe/wsdl";

/** Each service's WSDL operation (its SOAP 1.2 action is `<namespace>/<operation>`). */
export const SERVICE_OPERATIONS: Record<AuthorizationService, string> = {
  NFeAutorizacao4: "nfeAutorizacaoLote",
  NFeRetAutorizacao4: "nfeRetAutorizacaoLote",
  NFeConsultaProtocolo4: "nfeConsultaNF",
  NFeRecepcaoEvento4: "nfeRecepcaoEvento",
  NFeInutilizacao4: "nfeInutilizacaoNF",
  NFeStatusServico4: "nfeStatusServicoNF",
};

export const wsdlNamespace = (service: AuthorizationService) => `${WSDL_BASE}/${service}`;
export const soapAction = (service: AuthorizationService) =>
  `${wsdlNamespace(service)}/${SERVICE_OPERATIONS[service]}`;

const DEFAULT_TIMEOUT_MS = 30_000;
/** An answer about one note, event or range is a few KB (a consult with its events, tens): 1 MiB bounds it. */
export const MAX_AUTHORIZATION_ANSWER_BYTES = 1024 * 1024;

export type AuthorizationConnection = {
  /** The issuer's UF (its authorizer comes from the table). */
  uf: string;
  model: DocumentModel;
  /** tpAmb: 1 production, 2 homologation. */
  environment: SefazEnvironment;
  /** tpEmis: 1 normal (default), 6 SVC-AN, 7 SVC-RS (the UF's contingency authorizer). */
  emissionType?: AuthorizerEmissionType;
  /** Replaces the authorizer's scheme and host (a loopback double); the service path stays. */
  baseUrl?: string | null;
  /** The mTLS binding in production; the global fetch when absent. */
  fetcher?: SefazFetcher | null;
  /** Milliseconds for the whole exchange (30 s by default). */
  timeoutMs?: number;
  /** The address rule's mode: production (the default) allows https on a public host only. */
  production?: boolean;
  /** The answer's bound in bytes (1 MiB by default). */
  maxAnswerBytes?: number;
};

/**
 * Why a call got no SEFAZ answer: a SOAP Fault; an HTTP status other than 200 (401, 5xx...); a body
 * that is not the service's answer; no answer in time (the note may or may not be authorized:
 * consult by key before any resend); a connection failure; a call refused before any answer (the
 * address rule, a redirect, an answer over its bound, an authorizer the table does not have, a
 * message without the key it must carry).
 */
export type AuthorizationFailure = {
  kind: "fault" | "unavailable" | "invalid_answer" | "timeout" | "network" | "refused_call";
  detail: string;
  status?: number;
};

export type AuthorizationOutcome<T> = ({ ok: true } & T) | { ok: false; failure: AuthorizationFailure };

export type AuthorizationClient = {
  /** NFeAutorizacao4 with an enviNFe (one signed NF-e, indSinc 1): the note's answer, or the receipt (103). */
  authorize(enviNFeXml: string): Promise<AuthorizationOutcome<AuthorizeAnswer>>;
  /** NFeRetAutorizacao4 for a receipt (nRec): the note's answer, or 105 (still in process). */
  receipt(nRec: string, accessKey?: string): Promise<AuthorizationOutcome<AuthorizeAnswer>>;
  /** NFeConsultaProtocolo4 for a key: the situation and the authorization's protNFe when there is one. */
  consult(accessKey: string): Promise<AuthorizationOutcome<ConsultAnswer>>;
  /** NFeRecepcaoEvento4 with an envEvento (one signed evento: 110111 cancellation, 110110 CC-e). */
  event(envEventoXml: string): Promise<AuthorizationOutcome<EventAnswer>>;
  /** NFeInutilizacao4 with a signed inutNFe. */
  voidNumbers(inutNFeXml: string): Promise<AuthorizationOutcome<VoidAnswer>>;
  /** NFeStatusServico4: 107 in operation, 108/109 stopped. */
  status(): Promise<AuthorizationOutcome<StatusAnswer>>;
};

const refused = (detail: string): { ok: false; failure: AuthorizationFailure } => ({
  ok: false,
  failure: { kind: "refused_call", detail },
});

const ACCESS_KEY = /^\d{44}$/;

/** The client of one issuer's authorizer. Never throws: a connection the table lacks fails every call. */
export function authorizationClient(connection: AuthorizationConnection): AuthorizationClient {
  let authorizer: Authorizer | null = null;
  let lookupError = "";
  try {
    authorizer = authorizerOf(
      connection.uf,
      connection.model,
      connection.environment,
      connection.emissionType ?? 1,
    );
  } catch (error) {
    lookupError = `autorizador: ${error instanceof Error ? error.message : String(error)}`;
  }
  const tpAmb = String(connection.environment);

  async function call<T>(
    service: AuthorizationService,
    message: string,
    reader: (text: string) => AnswerRead<T>,
  ): Promise<AuthorizationOutcome<T>> {
    if (!authorizer) return refused(lookupError);
    let url: string;
    try {
      url = serviceUrl(authorizer, service, connection.baseUrl);
      const protocol = new URL(url).protocol;
      if (protocol !== "https:" && protocol !== "http:") return refused("o endereço deve ser http(s)");
    } catch {
      return refused("endereço inválido");
    }
    const timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let status: number;
    let text: string;
    try {
      const answer = await outboundFetch(
        url,
        {
          method: "POST",
          headers: { "Content-Type": soap12ContentType(soapAction(service)) },
          body: soap12Request(wsdlNamespace(service), message),
        },
        {
          party: SEFAZ_PARTY,
          production: connection.production ?? true,
          timeoutMs,
          maxBytes: connection.maxAnswerBytes ?? MAX_AUTHORIZATION_ANSWER_BYTES,
          ...(connection.fetcher ? { fetcher: connection.fetcher } : {}),
        },
      );
      status = answer.status;
      text = answer.text;
    } catch (error) {
      if (!(error instanceof OutboundFailure))
        return {
          ok: false,
          failure: { kind: "network", detail: error instanceof Error ? error.message : String(error) },
        };
      if (error.kind === "timeout") return { ok: false, failure: { kind: "timeout", detail: error.message } };
      if (error.kind === "network") return { ok: false, failure: { kind: "network", detail: error.message } };
      // the address refused, a redirect (never followed), an answer past its bound
      return {
        ok: false,
        failure: {
          kind: "refused_call",
          detail: error.message,
          ...(error.status ? { status: error.status } : {}),
        },
      };
    }
    const read = guardedRead(text, reader);
    // a SOAP 1.2 Fault comes with HTTP 500 (or 400): its Reason says more than the status
    if (read.kind === "fault") return { ok: false, failure: { kind: "fault", detail: read.reason, status } };
    if (status !== 200)
      return {
        ok: false,
        failure: { kind: "unavailable", detail: `${SEFAZ_PARTY} respondeu HTTP ${status}`, status },
      };
    if (read.kind === "invalid")
      return { ok: false, failure: { kind: "invalid_answer", detail: read.detail } };
    return { ok: true, ...read.answer };
  }

  return {
    authorize(enviNFeXml) {
      const key = /<infNFe\s[^>]*\bId="NFe(\d{44})"/.exec(enviNFeXml)?.[1];
      if (!key || !/^<enviNFe[\s>]/.test(enviNFeXml.trimStart()))
        return Promise.resolve(refused("enviNFe sem NF-e com chave"));
      return call("NFeAutorizacao4", enviNFeXml, (text) => readAuthorizeAnswer(text, key));
    },
    receipt(nRec, accessKey) {
      if (!/^\d{15}$/.test(nRec)) return Promise.resolve(refused("nRec deve ter 15 dígitos"));
      if (accessKey !== undefined && !ACCESS_KEY.test(accessKey))
        return Promise.resolve(refused("chave de acesso inválida"));
      const message = `<consReciNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><nRec>${nRec}</nRec></consReciNFe>`;
      return call("NFeRetAutorizacao4", message, (text) => readReceiptAnswer(text, accessKey ?? null, nRec));
    },
    consult(accessKey) {
      if (!ACCESS_KEY.test(accessKey)) return Promise.resolve(refused("chave de acesso inválida"));
      const message = `<consSitNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><xServ>CONSULTAR</xServ><chNFe>${accessKey}</chNFe></consSitNFe>`;
      return call("NFeConsultaProtocolo4", message, (text) => readConsultAnswer(text, accessKey));
    },
    event(envEventoXml) {
      const key = /<chNFe>(\d{44})<\/chNFe>/.exec(envEventoXml)?.[1];
      const type = /<tpEvento>(\d{6})<\/tpEvento>/.exec(envEventoXml)?.[1];
      if (!key || !type || !/^<envEvento[\s>]/.test(envEventoXml.trimStart()))
        return Promise.resolve(refused("envEvento sem chNFe/tpEvento"));
      return call("NFeRecepcaoEvento4", envEventoXml, (text) => readEventAnswer(text, key, type));
    },
    voidNumbers(inutNFeXml) {
      if (!/^<inutNFe[\s>]/.test(inutNFeXml.trimStart())) return Promise.resolve(refused("inutNFe esperado"));
      return call("NFeInutilizacao4", inutNFeXml, readVoidAnswer);
    },
    status() {
      const cUF = UF_CODES[connection.uf as keyof typeof UF_CODES];
      if (!cUF) return Promise.resolve(refused(lookupError || `UF desconhecida: ${connection.uf}`));
      const message = `<consStatServ xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><cUF>${cUF}</cUF><xServ>STATUS</xServ></consStatServ>`;
      return call("NFeStatusServico4", message, readStatusAnswer);
    },
  };
}

/** The reading, guarded: a reader's defect is an invalid answer, never a throw out of the client. */
function guardedRead<T>(text: string, reader: (text: string) => AnswerRead<T>): AnswerRead<T> {
  try {
    return reader(text);
  } catch (error) {
    return {
      kind: "invalid",
      detail: `resposta ilegível: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
