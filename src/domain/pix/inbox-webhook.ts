/**
 * The PSP's callback (`POST {webhookUrl}/pix`, BACEN's `WebhookPixBody`): the integration is the
 * one whose webhook secret hashes (SHA-256, hex) to the secret in the URL path, a lookup by the
 * UNIQUE hash (so no comparison of secrets to time); the secret itself is never stored nor logged.
 * The Pix of the callback are ingested in the request (a callback carries a few; the body limit
 * bounds it).
 */
import { parsePixCallback } from "../../adapters/pix/bacen-api";
import { type PixIntegrationRow, pixIntegrationBySecretHash } from "../../db/pix-inbox";
import type { Db } from "../../env";
import { badRequest, unauthorized } from "../../lib/errors";
import { type InboxCounts, ingestReceivedPix } from "./inbox";
import { PIX_INBOX_MESSAGES as M } from "./inbox-messages";
import { inboxTargetOf } from "./poll";
import { webhookSecretHash } from "./settings-rules";

/**
 * The webhook secret of an `Authorization` header, for PSPs that send one instead of calling a URL
 * with the secret in its path: `Bearer <secret>` (RFC 6750 §2.1) or `Basic base64(<user>:<secret>)`
 * (RFC 7617: the password is the secret, the user is not read). Null for anything else.
 */
export function webhookSecretOfAuthorization(header: string | undefined): string | null {
  const match = /^(Bearer|Basic)[ ]+([^\s]+)[ ]*$/i.exec(header ?? "");
  if (!match) return null;
  const [, scheme, value] = match as unknown as [string, string, string];
  if (scheme.toLowerCase() === "bearer") return value;
  let decoded: string;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
      Uint8Array.from(atob(value), (c) => c.charCodeAt(0)),
    );
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  const secret = colon === -1 ? "" : decoded.slice(colon + 1);
  return secret || null;
}

/** The active Pix integration of the secret; 401 for any other secret. */
export async function webhookIntegration(db: Db, secret: string): Promise<PixIntegrationRow> {
  const integration = secret
    ? await pixIntegrationBySecretHash(db, await webhookSecretHash(secret))
    : undefined;
  if (!integration) throw unauthorized();
  return integration;
}

/** Reads the callback (400 when it is not the API's) and ingests its Pix into the integration's account. */
export async function receivePixCallback(db: Db, secret: string, body: unknown): Promise<InboxCounts> {
  const integration = await webhookIntegration(db, secret);
  const parsed = parsePixCallback(body);
  if (!parsed.ok) throw badRequest(M.invalidCallback(parsed.detail));
  return ingestReceivedPix(db, await inboxTargetOf(db, integration, null), parsed.pix);
}
