import { SandboxSefaz } from "./sandbox";
import type { SandboxEventStore, SefazGateway } from "./types";

/**
 * The SEFAZ of an account. Only the sandbox exists: the real event service needs the company's
 * ICP-Brasil certificate (mutual TLS), which this service does not hold; a real adapter implements
 * the same `SefazGateway` and is chosen here, so no route or domain rule changes.
 */
export function sefazFor(sandboxStore: SandboxEventStore): SefazGateway {
  return new SandboxSefaz(sandboxStore);
}

export type { ManifestEventCode, SandboxEventStore, SefazGateway } from "./types";
export { EVENT_REGISTERED } from "./types";
