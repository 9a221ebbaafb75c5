import { SandboxSefaz } from "./sandbox";
import type { SandboxEventStore, SefazGateway } from "./types";

/**
 * The SEFAZ of an account: the sandbox. The real event service of a company's SEFAZ integration
 * (ICP-Brasil certificate over mutual TLS, signing key) is `manifestGatewayFor(connection)`, the
 * same `SefazGateway`, handed to the domain in its place so no route or domain rule changes.
 */
export function sefazFor(sandboxStore: SandboxEventStore): SefazGateway {
  return new SandboxSefaz(sandboxStore);
}

export { SefazEventError } from "./event-failures";
export { type ManifestOutcome, manifestGatewayFor, SefazEventGateway } from "./event-gateway";
export type {
  ManifestEventCode,
  SandboxEventStore,
  SefazEnvironment,
  SefazEventConnection,
  SefazEventFailure,
  SefazFetcher,
  SefazGateway,
} from "./types";
export {
  EVENT_DUPLICATE,
  EVENT_REGISTERED,
  EVENT_REGISTERED_UNLINKED,
  isRegistered,
  PROTOCOL_UNKNOWN,
} from "./types";
