import {
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
  type WebhookEndpointFields,
  type WebhookEndpointRow,
} from "../../db/events/endpoints";
import { findCompany } from "../../db/identity";
import type { Db } from "../../env";
import { DEFAULT_TIME_ZONE } from "../../lib/dates";
import { badRequest } from "../../lib/errors";
import { isEventType } from "./catalog";
import { EVENT_MESSAGES as M } from "./messages";
import { newWebhookSecret } from "./signature";
import { webhookUrlRefusal } from "./url-policy";

export type WebhookInput = {
  url?: string;
  description?: string | null;
  events?: string[];
  active?: 0 | 1;
  maxPerSecond?: number;
};

/** Endpoints, with the zone their date-times are shown in. */
export type WebhookView = { rows: WebhookEndpointRow[]; timeZone: string };

/** A created endpoint or a rotated secret: the secret is shown in this answer only. */
export type WebhookWithSecret = WebhookView & { secret: string };

export async function companyZone(db: Db, companyId: number): Promise<string> {
  return (await findCompany(db, companyId))?.timeZone ?? DEFAULT_TIME_ZONE;
}

function checkedFields(input: WebhookInput, production: boolean, creating: boolean): WebhookEndpointFields {
  if (creating || input.url !== undefined) {
    const refusal = webhookUrlRefusal(input.url ?? "", production);
    if (refusal) throw badRequest(refusal);
  }
  if (creating || input.events !== undefined) {
    const events = [...new Set(input.events ?? [])];
    if (events.length === 0) throw badRequest(M.eventTypesRequired);
    const unknown = events.find((type) => !isEventType(type));
    if (unknown !== undefined) throw badRequest(M.eventTypeUnknown(unknown));
    input = { ...input, events };
  }
  return {
    url: input.url,
    description: input.description,
    eventTypes: input.events,
    active: input.active,
    maxPerSecond: input.maxPerSecond,
  };
}

export async function listWebhooks(db: Db, companyId: number, page: number): Promise<WebhookView> {
  const [rows, timeZone] = await Promise.all([
    listEndpoints(db, companyId, page),
    companyZone(db, companyId),
  ]);
  return { rows, timeZone };
}

export async function getWebhook(db: Db, companyId: number, id: number): Promise<WebhookView> {
  const [row, timeZone] = await Promise.all([findEndpoint(db, companyId, id), companyZone(db, companyId)]);
  return { rows: row ? [row] : [], timeZone };
}

/** A new endpoint with a new secret (answered once). URLs follow the SSRF rules of `url-policy`. */
export async function createWebhook(
  db: Db,
  companyId: number,
  input: WebhookInput,
  production: boolean,
): Promise<WebhookWithSecret> {
  const fields = checkedFields(input, production, true);
  const secret = newWebhookSecret();
  const row = await insertEndpoint(
    db,
    companyId,
    { ...fields, url: fields.url!, eventTypes: fields.eventTypes! },
    secret,
  );
  return { rows: [row], timeZone: await companyZone(db, companyId), secret };
}

/** Changes the fields sent; `Active` 1 turns back on an endpoint a 410 had turned off. */
export async function changeWebhook(
  db: Db,
  companyId: number,
  id: number,
  input: WebhookInput,
  production: boolean,
): Promise<WebhookView> {
  const fields = checkedFields(input, production, false);
  const row = await updateEndpoint(db, companyId, id, fields);
  if (!row) throw badRequest(M.webhookNotFound);
  return { rows: [row], timeZone: await companyZone(db, companyId) };
}

export async function removeWebhook(db: Db, companyId: number, id: number): Promise<void> {
  if (!(await deleteEndpoint(db, companyId, id))) throw badRequest(M.webhookNotFound);
}

/** Default and longest grace period of the previous secret after a rotation. */
export const DEFAULT_GRACE_HOURS = 24;
export const MAX_GRACE_HOURS = 7 * 24;

/**
 * A new secret for the endpoint (answered once); the current one keeps signing too (a second `v1=`)
 * for `graceHours`, so receivers switch without losing a delivery. 0 drops it at once.
 */
export async function rotateWebhookSecret(
  db: Db,
  companyId: number,
  id: number,
  graceHours = DEFAULT_GRACE_HOURS,
): Promise<WebhookWithSecret> {
  const secret = newWebhookSecret();
  const row = await rotateEndpointSecret(db, companyId, id, secret, Math.round(graceHours * 3600));
  if (!row) throw badRequest(M.webhookNotFound);
  return { rows: [row], timeZone: await companyZone(db, companyId), secret };
}
