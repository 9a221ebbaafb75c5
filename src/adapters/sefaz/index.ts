import type { Db } from "../../env";
import { SandboxSefaz } from "./sandbox";
import type { SefazGateway } from "./types";

/**
 * The SEFAZ of an account. Only the sandbox exists: the real event service needs the company's
 * ICP-Brasil certificate (mutual TLS), which this service does not hold; a real adapter implements
 * the same `SefazGateway` and is chosen here, so no route or domain rule changes.
 */
export function sefazFor(db: Db): SefazGateway {
  return new SandboxSefaz(db);
}

export type { ManifestEventCode, SefazGateway } from "./types";
export { EVENT_REGISTERED } from "./types";
