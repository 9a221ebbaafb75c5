import type { ManifestEventCode } from "../../adapters/sefaz";
import { badRequest } from "../../lib/errors";
import {
  MANIFEST_COMMENTS_TOO_LONG,
  MANIFEST_COMMENTS_TOO_SHORT,
  MANIFEST_EVENT_REQUIRED,
  manifestEventInvalid,
} from "./messages";

/** The recipient's manifest events (Manifestação do Destinatário). */
export const MANIFEST_EVENTS: Record<ManifestEventCode, string> = {
  210200: "Confirmação da operação",
  210210: "Ciência da operação",
  210220: "Desconhecimento da operação",
  210240: "Operação não realizada",
};

/** xJust of 210240: 15 to 255 characters (the layout's bounds). */
export const COMMENTS_MIN = 15;
export const COMMENTS_MAX = 255;

export type ManifestInput = { event: ManifestEventCode; comments: string | null };

const isEvent = (value: number): value is ManifestEventCode => Object.hasOwn(MANIFEST_EVENTS, value);

/**
 * The request checked in the spec's order: the event (one of the four), then the comments (at least
 * 15 characters for 210240, counted after trimming; at most 255 for any event).
 */
export function manifestInput(body: {
  Event?: number | string | null;
  Comments?: string | null;
}): ManifestInput {
  if (body.Event === undefined || body.Event === null || body.Event === "")
    throw badRequest(MANIFEST_EVENT_REQUIRED);
  const event = Number(body.Event);
  if (!Number.isInteger(event) || !isEvent(event)) throw badRequest(manifestEventInvalid(String(body.Event)));
  const comments = body.Comments?.trim() || null;
  if (event === 210240 && (comments?.length ?? 0) < COMMENTS_MIN)
    throw badRequest(MANIFEST_COMMENTS_TOO_SHORT);
  if ((comments?.length ?? 0) > COMMENTS_MAX) throw badRequest(MANIFEST_COMMENTS_TOO_LONG);
  return { event, comments };
}
