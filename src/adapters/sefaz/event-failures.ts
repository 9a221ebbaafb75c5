import {
  SEFAZ_EVENT_AUTHOR_MISMATCH,
  SEFAZ_EVENT_SIGNING_FAILED,
  sefazEventFault,
  sefazEventInvalidAnswer,
  sefazEventNetwork,
  sefazEventRefusedCall,
  sefazEventTimeout,
  sefazEventUnavailable,
} from "../../domain/nfe/messages";
import type { SefazEventFailure } from "./types";

/** The readable reason of a failure of the event service (Portuguese; never holds the key). */
export function eventFailureReason(failure: SefazEventFailure): string {
  switch (failure.kind) {
    case "author_mismatch":
      return SEFAZ_EVENT_AUTHOR_MISMATCH;
    case "signing":
      return SEFAZ_EVENT_SIGNING_FAILED;
    case "fault":
      return sefazEventFault(failure.code, failure.reason);
    case "unavailable":
      return sefazEventUnavailable(failure.status);
    case "invalid_answer":
      return sefazEventInvalidAnswer(failure.detail);
    case "timeout":
      return sefazEventTimeout(Math.ceil(failure.timeoutMs / 1000));
    case "network":
      return sefazEventNetwork(failure.detail);
    case "refused_call":
      return sefazEventRefusedCall(failure.detail);
  }
}

/**
 * Thrown by the real gateway's `manifest` when SEFAZ gave no answer (cStat): the domain answers it
 * with `reason` and records nothing.
 */
export class SefazEventError extends Error {
  constructor(readonly failure: SefazEventFailure) {
    super(eventFailureReason(failure));
    this.name = "SefazEventError";
  }
}
