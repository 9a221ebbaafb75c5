import { PIX_MESSAGES } from "../../domain/pix/messages";
import type { PixFailure, PixProblem } from "./types";

function problemText(problem: PixProblem | null): string | null {
  if (problem === null) return null;
  const violations = problem.violations
    .map((v) => [v.property, v.reason].filter(Boolean).join(": "))
    .filter(Boolean);
  return [problem.title, problem.detail, violations.length ? violations.join("; ") : null]
    .filter(Boolean)
    .join(" — ");
}

/** The readable reason of a failure (Portuguese, for the integration's state). */
export function reasonOf(failure: PixFailure): string {
  switch (failure.kind) {
    case "invalid_request":
      return PIX_MESSAGES.invalidRequest(failure.field);
    case "credentials_refused":
      return PIX_MESSAGES.credentialsRefused(failure.status);
    case "rate_limited":
      return PIX_MESSAGES.rateLimited(failure.retryAfterSeconds);
    case "unavailable":
      return PIX_MESSAGES.unavailable(failure.status, problemText(failure.problem));
    case "refused":
      return PIX_MESSAGES.refused(failure.status, problemText(failure.problem));
    case "invalid_answer":
      return PIX_MESSAGES.invalidAnswer(failure.detail);
    case "timeout":
      return PIX_MESSAGES.timeout(failure.timeoutMs);
    case "network":
      return PIX_MESSAGES.network(failure.detail);
    case "address":
      return PIX_MESSAGES.address(failure.detail);
  }
}

/** A failed result with its reason. */
export function failed(failure: PixFailure): { ok: false; failure: PixFailure; reason: string } {
  return { ok: false, failure, reason: reasonOf(failure) };
}
