/**
 * SEFAZ as the service needs it: the recipient's manifest events (NF-e "Manifestação do
 * Destinatário", event service `RecepcaoEvento` 4.00). The feed of documents addressed to the company
 * is the NF-e XML it receives (uploaded, or brought by a distribution adapter into the same store).
 */
export type ManifestEventCode = 210200 | 210210 | 210220 | 210240;

export type ManifestRequest = {
  /** chNFe. */
  accessKey: string;
  /** CNPJ of the recipient who manifests (the NF-e's `dest`). */
  authorDocument: string;
  event: ManifestEventCode;
  /** xJust: required (15 to 255 characters) for 210240 only. */
  comments: string | null;
  /** `YYYY-MM-DDTHH:MM:SS-03:00`: dhEvento. */
  at: string;
};

/** The answer of the event service: cStat 135 registers the event with its protocol (nProt). */
export type ManifestAnswer = {
  cStat: number;
  xMotivo: string;
  protocol: string | null;
  registeredAt: string | null;
};

export const EVENT_REGISTERED = 135;

export interface SefazGateway {
  manifest(request: ManifestRequest): Promise<ManifestAnswer>;
}

/**
 * The sandbox's own memory (the events it registered), kept by whoever runs it: the events of an
 * access key and author, and the registration of one, answering its sequence or null when a
 * concurrent request registered the same event first.
 */
export interface SandboxEventStore {
  eventsOf(accessKey: string, authorDocument: string): Promise<number[]>;
  register(event: {
    accessKey: string;
    authorDocument: string;
    event: number;
    registeredAt: string;
  }): Promise<number | null>;
}

/** 136: registered but not yet linked to the NF-e (the document is not in the national base yet). */
export const EVENT_REGISTERED_UNLINKED = 136;

/** 573: SEFAZ already holds this event (same type and sequence) for the NF-e. */
export const EVENT_DUPLICATE = 573;

/**
 * The protocol of an event SEFAZ holds but whose answer (with its nProt) was lost: a resend gets
 * 573, which carries no protocol, and no consult service returns the recipient's manifest events.
 * Stored as "" (the event counts as registered; answered as a null `Protocol`).
 */
export const PROTOCOL_UNKNOWN = "";

/** Whether SEFAZ registered the event (135, or 136 when the NF-e is not yet linked). */
export const isRegistered = (cStat: number): boolean =>
  cStat === EVENT_REGISTERED || cStat === EVENT_REGISTERED_UNLINKED;

/** `tpAmb` (SefazAmbienteNF): 1 production, 2 homologation. */
export type SefazEnvironment = 1 | 2;

/** A `fetch` (the Workers `mtls_certificates` binding is one: it presents the company's certificate). */
export type SefazFetcher = { fetch: (input: string, init: RequestInit) => Promise<Response> };

/**
 * What the event service of a company's SEFAZ integration needs, supplied by whoever holds the
 * integration (its CNPJ, environment, decrypted key and certificate, mTLS binding).
 */
export type SefazEventConnection = {
  tpAmb: SefazEnvironment;
  /** CNPJ of the integration (14 digits): the events' author must share its root (8 digits). */
  cnpj: string;
  /**
   * Where the services live: the path `/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx` is appended.
   * Absent: the national environment's host for `tpAmb` (a loopback double stands in when given).
   */
  baseUrl?: string | null;
  /** The RSA private key that signs the events: a non-extractable CryptoKey, or PKCS#8 DER/PEM. */
  privateKey: CryptoKey | Uint8Array | string;
  /** The company's certificate, PEM: written in the signature's `X509Certificate`. */
  certificatePem: string;
  /** The mTLS binding in production; the global fetch when absent. */
  fetcher?: SefazFetcher | null;
  /** Milliseconds to wait for the answer (30 s by default). */
  timeoutMs?: number;
  /**
   * The address rule's mode (src/lib/address-rule.ts): production (the default) allows https on a
   * public host only; otherwise http and loopback too (the test doubles).
   */
  production?: boolean;
};

/** Why the event service gave no SEFAZ answer (cStat) at all. */
export type SefazEventFailure =
  /** The NF-e's recipient is not the integration's CNPJ (root): the event was not sent. */
  | { kind: "author_mismatch" }
  /** The integration's key or certificate could not sign the event (not PKCS#8 RSA, not PEM): not sent. */
  | { kind: "signing" }
  /** A SOAP 1.2 Fault (`Code/Value`, `Reason/Text`). */
  | { kind: "fault"; code: string; reason: string }
  /** HTTP 5xx without a SOAP Fault, or another non-200 status. */
  | { kind: "unavailable"; status: number }
  /** The body is not the service's answer (not XML, no `retEnvEvento`, no `retEvento` for the key). */
  | { kind: "invalid_answer"; detail: string }
  /** No answer within the timeout: the event may or may not be registered (a resend answers 573). */
  | { kind: "timeout"; timeoutMs: number }
  /** The connection failed (DNS, TLS, reset). */
  | { kind: "network"; detail: string }
  /** The call was refused before an answer: the address rule, a redirect (never followed), an answer too large. */
  | { kind: "refused_call"; detail: string };
