import { expect } from "vitest";

/**
 * The API refused the request: 400 and exactly `{"errorMessage": message}`, the message to the
 * letter (accents included). `note` names the case in the failure (e.g. the body that was sent).
 */
export function expectRefusal(
  response: { status: number; body: unknown },
  message: string,
  note?: string,
): void {
  expect({ status: response.status, body: response.body }, note).toEqual({
    status: 400,
    body: { errorMessage: message },
  });
}
