import { expect } from "vitest";

/** The codes of a 400: a rule or value refused, a field not sent, a body that is not JSON. */
const BAD_REQUEST_CODES = /^(validation_failed|field_required|malformed_json|unsupported_media_type)$/;

/**
 * The API refused the request: 400 and exactly `{"errorMessage": message, "code": <a 400 code>}`, the
 * message to the letter (accents included). `note` names the case in the failure (e.g. the body that was sent).
 */
export function expectRefusal(
  response: { status: number; body: unknown },
  message: string,
  note?: string,
): void {
  expect({ status: response.status, body: response.body }, note).toEqual({
    status: 400,
    body: { errorMessage: message, code: expect.stringMatching(BAD_REQUEST_CODES) },
  });
}
