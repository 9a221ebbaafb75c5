import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id, status, updatedAt } from "./columns";

/**
 * The aggregator side of a company integration of kind `OPENFINANCE` (provider `Pluggy`, a row of
 * `company_integrations`): the API's address, the application's sealed credentials, the webhook
 * secret (sealed: it is sent to the aggregator when the webhook is created; compared in constant
 * time) and the API key shared by every request and job of the integration.
 */
export const openFinanceIntegrations = sqliteTable(
  "openfinance_integrations",
  {
    companyIntegrationId: integer().primaryKey(),
    companyId: companyId(),
    /** `Pluggy` */
    provider: text().notNull().default("Pluggy"),
    /** The aggregator's API (`https://api.pluggy.ai`; loopback only outside production); null = not set. */
    baseUrl: text(),
    /** AES-GCM ciphertext of `{ clientId, clientSecret }` (`v1.<iv>.<ciphertext>`); null = not set. */
    credentials: text(),
    /** AES-GCM ciphertext of the webhook secret the aggregator sends in a header. */
    webhookSecret: text().notNull(),
    /** The previous webhook secret, still accepted while the aggregator's webhook is re-registered. */
    previousWebhookSecret: text(),
    /** The aggregator's API key (sealed like `credentials`); null = none yet or cleared by a change. */
    apiKey: text(),
    /** Epoch ms after which the stored API key is renewed. */
    apiKeyRenewAt: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("openfinance_integrations_company").on(t.companyId)],
);

/**
 * The bank feed of one bank account: which aggregator item and account it reads through which
 * integration, where the last sync stopped, the item's state with what the user must do, the back-off
 * of a 429 and the month's reading budget (src/adapters/openfinance/budget.ts).
 */
export const bankFeeds = sqliteTable(
  "bank_feeds",
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: integer().notNull(),
    companyIntegrationId: integer().notNull(),
    /** The aggregator's item (one consent at one institution). */
    itemId: text().notNull(),
    /** The aggregator's account inside the item. */
    accountId: text().notNull(),
    /** `feedHealth` state: `ok`, `login_error`, `outdated`, `consent_expiring`, ... (`new` before the first sync). */
    state: text().notNull().default("new"),
    /** What the user must do for this state (readable); null = nothing. */
    userAction: text(),
    /** Why the last sync failed, readable (never credentials); null after a success. */
    lastError: text(),
    /** UTC `YYYY-MM-DD HH:MM:SS` of the last sync that completed. */
    lastSyncAt: text(),
    /** `YYYY-MM-DD` (São Paulo) up to which movements were read completely; null = never. */
    syncedThrough: text(),
    /** UTC `YYYY-MM-DD HH:MM:SS` before which no sync is sent (a 429's Retry-After); null = now. */
    retryAfter: text(),
    /** The last sync job of the feed. */
    lastJobId: integer(),
    /** `YYYY-MM` (São Paulo) the counters below belong to. */
    budgetMonth: text().notNull().default(""),
    /** Wide (7 to 365 days) refreshes asked this month. */
    budgetWide: integer().notNull().default(0),
    /** Narrow (last 7 days) refreshes asked this month. */
    budgetNarrow: integer().notNull().default(0),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** One feed per bank account. */
    uniqueIndex("bank_feeds_account").on(t.bankAccountId),
    /** One bank account per aggregator account of an integration. */
    uniqueIndex("bank_feeds_integration_account").on(t.companyIntegrationId, t.accountId),
    index("bank_feeds_item").on(t.companyIntegrationId, t.itemId),
    index("bank_feeds_company").on(t.companyId, t.status),
  ],
);

/**
 * The aggregator's webhook notifications of an integration, one row per `eventId` (a replay changes
 * nothing): `queued` (a sync job was enqueued), `ignored` or `refused` with the stored reason.
 */
export const openFinanceWebhookEvents = sqliteTable(
  "openfinance_webhook_events",
  {
    id: id(),
    companyId: companyId(),
    companyIntegrationId: integer().notNull(),
    eventId: text().notNull(),
    event: text().notNull(),
    itemId: text(),
    accountId: text(),
    /** `queued` | `ignored` | `refused` */
    state: text().notNull(),
    reason: text(),
    jobId: integer(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("openfinance_webhook_events_event").on(t.companyIntegrationId, t.eventId),
    index("openfinance_webhook_events_company").on(t.companyId, t.id),
  ],
);
