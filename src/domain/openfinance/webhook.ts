/**
 * The aggregator's notifications (`POST /openfinance/webhook/{idcompanyintegration}`): the
 * integration's webhook secret in `X-Feed-Webhook-Secret` (constant-time, the previous secret
 * accepted while rotating; anything else 401 before the body is read), the body read by
 * `parseWebhook` (the application's `clientId` checked), each `eventId` stored once per integration
 * (a replay changes nothing), and the work queued: a sync of the feeds the item or account names.
 * An item or account no feed of the integration reads is stored `refused` with the reason; an event
 * the feed does not use, `ignored`. The payload is only a signal: the sync reads the data again.
 */
import { type FeedWebhookEvent, parseWebhook, verifyWebhookSecret } from "../../adapters/openfinance/webhook";
import {
  type BankFeedRow,
  deleteWebhookEvent,
  feedOfAggregatorAccount,
  feedsOfItem,
  type OpenFinanceSettingsRow,
  openFinanceSettingsById,
  setWebhookEventJob,
  storeWebhookEvent,
} from "../../db/openfinance";
import type { Env } from "../../env";
import { badRequest, unauthorized } from "../../lib/errors";
import type { JobDeps } from "../jobs/create-job";
import { OPENFINANCE_MESSAGES as M } from "./messages";
import { openCredentials, webhookSecretsOf } from "./settings";
import { createSyncJob } from "./sync";

export type WebhookOutcome = {
  state: "queued" | "ignored" | "refused" | "replayed";
  jobIds: number[];
  reason: string | null;
};

/** The integration of the webhook, when the request carries one of its secrets; 401 otherwise. */
export async function authenticatedIntegration(
  deps: JobDeps,
  env: Env,
  integrationId: number,
  headers: Headers,
): Promise<OpenFinanceSettingsRow> {
  const settings = await openFinanceSettingsById(deps.db, integrationId);
  if (!settings) throw unauthorized();
  const secrets = await webhookSecretsOf(env, settings);
  if (secrets.length === 0 || !verifyWebhookSecret(headers, secrets).ok) throw unauthorized();
  return settings;
}

/** The feeds an event concerns, or why none. */
async function feedsOf(
  deps: JobDeps,
  settings: OpenFinanceSettingsRow,
  event: Exclude<FeedWebhookEvent, { kind: "ignored" }>,
): Promise<{ feeds: BankFeedRow[]; reason: string | null }> {
  const own = (feed: BankFeedRow) => feed.companyId === settings.companyId && feed.status === 1;
  if (event.kind === "item") {
    const feeds = (await feedsOfItem(deps.db, settings.companyIntegrationId, event.itemId)).filter(own);
    return { feeds, reason: feeds.length === 0 ? M.webhookUnknownItem(event.itemId) : null };
  }
  const feed = await feedOfAggregatorAccount(deps.db, settings.companyIntegrationId, event.accountId);
  if (!feed || !own(feed) || feed.itemId !== event.itemId) {
    return { feeds: [], reason: M.webhookUnknownAccount(event.accountId) };
  }
  return { feeds: [feed], reason: null };
}

/** Stores the notification once and queues the sync of its feeds. */
export async function receiveWebhook(
  deps: JobDeps,
  env: Env,
  settings: OpenFinanceSettingsRow,
  rawBody: string,
): Promise<WebhookOutcome> {
  const credentials = await openCredentials(env, settings);
  const parsed = parseWebhook(rawBody, credentials ? { clientId: credentials.clientId } : {});
  if (!parsed.ok) throw badRequest(M.webhookInvalid(parsed.reason));
  const event = parsed.event;
  const base = {
    companyId: settings.companyId,
    companyIntegrationId: settings.companyIntegrationId,
    eventId: event.eventId,
    event: event.kind === "transactions_created" ? "transactions/created" : event.event,
    itemId: event.kind === "ignored" ? null : event.itemId,
    accountId: event.kind === "ignored" || event.kind === "item" ? null : event.accountId,
  };
  if (event.kind === "ignored") {
    const reason = M.webhookIgnored(event.event);
    const id = await storeWebhookEvent(deps.db, { ...base, state: "ignored", reason });
    return { state: id === null ? "replayed" : "ignored", jobIds: [], reason };
  }
  const { feeds, reason } = await feedsOf(deps, settings, event);
  const stored = await storeWebhookEvent(deps.db, {
    ...base,
    state: feeds.length === 0 ? "refused" : "queued",
    reason,
  });
  if (stored === null) return { state: "replayed", jobIds: [], reason: null };
  if (feeds.length === 0) return { state: "refused", jobIds: [], reason };
  const jobIds: number[] = [];
  try {
    for (const feed of feeds) {
      jobIds.push((await createSyncJob(deps, feed.companyId, feed.bankAccountId, false, null)).jobId);
    }
  } catch (error) {
    // nothing queued for it: the aggregator's retry of the same event must be taken again
    await deleteWebhookEvent(deps.db, stored);
    throw error;
  }
  await setWebhookEventJob(deps.db, stored, jobIds[0] as number);
  return { state: "queued", jobIds, reason: null };
}
