/**
 * The NF-e distribution service (`NFeDistribuicaoDFe`, operation `nfeDistDFeInteresse`, request
 * `distDFeInt` and answer `retDistDFeInt` layout 1.01, Nota Técnica 2014.002) in the service's terms.
 * Every call answers a result, never throws, so the job records a readable state and backs off.
 */

/** One of the request's three queries (a `choice` in `distDFeInt_v1.01.xsd`). */
export type DistributionQuery =
  | { kind: "distNSU"; ultNsu: string }
  | { kind: "consNSU"; nsu: string }
  | { kind: "consChNFe"; accessKey: string };

export type DistributionRequest = {
  /** `tpAmb`: 1 production, 2 homologation. */
  environment: 1 | 2;
  /** `cUFAutor`: the IBGE code (2 digits) of the interested party's state. */
  ufAuthor: string;
  /** CNPJ (14 digits) or CPF (11 digits) of the interested party. */
  document: string;
  query: DistributionQuery;
};

/** `schema` attribute of a `docZip`, by the document it holds. */
export type DistributedKind = "resNFe" | "procNFe" | "resEvento" | "procEventoNFe" | "other";

/** One `docZip`, decoded (`xml`), or the reason it could not be (not base64, not gzip, not UTF-8). */
export type DistributedDocument = {
  /** `NSU` attribute, 15 digits; "" when the answer has none (optional since NT 2014.002 v1.15). */
  nsu: string;
  /** `schema` attribute as sent (`resNFe_v1.01.xsd`...). */
  schema: string;
  kind: DistributedKind;
} & ({ ok: true; xml: string } | { ok: false; reason: string; tooLarge?: true });

export type DistributionAnswer = {
  /** 137 nothing found, 138 documents found, 656 consumption refused; others are rejections. */
  cStat: number;
  xMotivo: string;
  dhResp: string;
  /** `ultNSU`: the last NSU of this answer (of the query's range), 15 digits. */
  ultNsu: string;
  /** `maxNSU`: the highest NSU the party has in the national environment. */
  maxNsu: string;
  documents: DistributedDocument[];
};

export type DistributionFailureKind =
  | "fault"
  | "unavailable"
  | "invalid_answer"
  | "timeout"
  | "network"
  | "refused";

export type DistributionResult =
  | { ok: true; answer: DistributionAnswer }
  | { ok: false; failure: DistributionFailureKind; reason: string };

export interface SefazDistribution {
  distribute(request: DistributionRequest): Promise<DistributionResult>;
}

/** What sends the request: the global `fetch`, or an mTLS certificate binding's `fetch`. */
export type Fetcher = { fetch(input: string, init: RequestInit): Promise<Response> };

/** cStat of the answer (Nota Técnica 2014.002). */
export const DIST_NOTHING_FOUND = 137;
export const DIST_DOCUMENTS_FOUND = 138;
export const DIST_CONSUMPTION_REFUSED = 656;
