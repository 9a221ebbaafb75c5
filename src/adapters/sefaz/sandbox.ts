import {
  EVENT_REGISTERED,
  type ManifestAnswer,
  type ManifestRequest,
  type SandboxEventStore,
  type SefazGateway,
} from "./types";

/** Events that conclude the recipient's manifestation: after one of them SEFAZ takes no other. */
const CONCLUSIVE = new Set([210200, 210220, 210240]);

const rejection = (cStat: number, xMotivo: string): ManifestAnswer => ({
  cStat,
  xMotivo,
  protocol: null,
  registeredAt: null,
});

/**
 * The built-in SEFAZ of local runs and tests. It answers the event service as the real one does:
 * 135 with a 15-digit protocol for a registered event; 573 for the same event twice; 655 for any
 * event after a conclusive manifestation (210200 after 210240, 210210 after 210200...). Its state
 * is its own table, apart from the company's records, as the real service keeps its own.
 */
export class SandboxSefaz implements SefazGateway {
  constructor(private readonly store: SandboxEventStore) {}

  async manifest(request: ManifestRequest): Promise<ManifestAnswer> {
    const registered = await this.store.eventsOf(request.accessKey, request.authorDocument);
    if (registered.includes(request.event)) return rejection(573, "Rejeição: Duplicidade de evento");
    if (registered.some((event) => CONCLUSIVE.has(event)))
      return rejection(655, "Rejeição: Evento informado após a manifestação conclusiva do destinatário");
    const sequence = await this.store.register({
      accessKey: request.accessKey,
      authorDocument: request.authorDocument,
      event: request.event,
      registeredAt: request.at,
    });
    // a concurrent request registered first: answered as its rule says
    if (sequence === null) return this.manifest(request);
    const state = request.accessKey.slice(0, 2);
    const year = request.at.slice(2, 4);
    return {
      cStat: EVENT_REGISTERED,
      xMotivo: "Evento registrado e vinculado a NF-e",
      protocol: `9${state}${year}${String(sequence).padStart(10, "0")}`,
      registeredAt: request.at,
    };
  }
}
