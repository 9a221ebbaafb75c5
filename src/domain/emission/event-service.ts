/**
 * What the issuer's events and voidings need of SEFAZ, as one port: the event (signed `<evento>`
 * inside `envEvento`, sent to NFeRecepcaoEvento4 of the authorizer of the issuer's UF) and the
 * voiding (signed `<inutNFe>`, NFeInutilizacao4). Each answers SEFAZ's answer with the legal
 * document to keep (`procEventoNFe`, `procInutNFe`), or why there was no answer.
 */
import type { NFeEventType } from "./event-rules";

export type EventSend = {
  accessKey: string;
  type: NFeEventType;
  sequence: number;
  /** xJust or xCorrecao. */
  text: string;
  /** nProt of the authorization (cancellation only). */
  protocol?: string;
  at: Date;
};

export type VoidSend = {
  model: number;
  series: number;
  from: number;
  to: number;
  justification: string;
  at: Date;
};

export type SefazAnswer = {
  cStat: number;
  xMotivo: string;
  protocol: string | null;
  registeredAt: string | null;
  /** procEventoNFe / procInutNFe: the signed request and SEFAZ's answer. */
  procXml: string;
};

/** SEFAZ's answer, or why there was none (timeout, 5xx, SOAP fault, not its answer, connection). */
export type SefazOutcome = { ok: true; answer: SefazAnswer } | { ok: false; reason: string };

export interface IssuerEventService {
  event(send: EventSend): Promise<SefazOutcome>;
  voidNumbers(send: VoidSend): Promise<SefazOutcome>;
}

/** The issuer and environment a service is asked for. */
export type IssuerConnection = {
  companyId: number;
  companyInvoiceId: number;
  cnpj: string;
  uf: string;
  model: 55 | 65;
  environment: 1 | 2;
  /** The authorizer: 1 the UF's (default), 6 SVC-AN, 7 SVC-RS (the cancellation of an SVC note). */
  emissionType?: 1 | 6 | 7;
};

/** Builds the service of an issuer, or throws a 400 saying why it cannot send (no certificate...). */
export type IssuerEventServiceFor = (connection: IssuerConnection) => Promise<IssuerEventService>;
