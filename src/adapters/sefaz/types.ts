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
