import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { cents, companyId, createdAt, id, updatedAt } from "./columns";

/**
 * The Pix side of a company integration of kind `PIX` (a row of `company_integrations`): where the
 * company's PSP answers BACEN's API Pix v2, its encrypted OAuth2 credentials, the Pix key charges are
 * made to, the account received Pix land in, the webhook secret and the polling cursor and state.
 */
export const pixIntegrations = sqliteTable(
  "pix_integrations",
  {
    companyIntegrationId: integer().primaryKey(),
    companyId: companyId(),
    /** The bank account received Pix become lines of. */
    bankAccountId: integer().notNull(),
    /** The PSP's API address (`https://...`, loopback only outside production); null = not set. */
    baseUrl: text(),
    /** AES-GCM ciphertext of `{ clientId, clientSecret }` (`v1.<iv>.<ciphertext>`); null = not set. */
    credentials: text(),
    /** The company's Pix key at DICT (`chave`). */
    pixKey: text(),
    /** Name of the Workers `mtls_certificates` binding used in production; null = none. */
    mtlsCertificate: text(),
    /** SHA-256 (hex) of the secret in the webhook URL path: the callback is found by it. */
    webhookSecretHash: text().notNull(),
    /** `Ok` | `CredentialsRefused` | `RateLimited` | `Unavailable` | `InvalidAnswer` | `Timeout` | `NotConfigured`... */
    state: text().notNull().default("NotConfigured"),
    /** Why the last call failed, readable (never credentials); null after a success. */
    stateReason: text(),
    /** UTC `YYYY-MM-DD HH:MM:SS` before which polling waits (429 Retry-After, backoff); null = now. */
    retryAfter: text(),
    /** Consecutive failed polls, for the backoff. */
    failures: integer().notNull().default(0),
    /** RFC 3339 end of the last window read completely: the next poll starts there ('' = not yet). */
    cursor: text().notNull().default(""),
    lastPollAt: text(),
    /**
     * The PSP's OAuth2 access token, shared by every request and job of the integration: AES-GCM
     * sealed like `credentials` (`v1.<iv>.<ciphertext>`); null = none yet, or cleared by a change of
     * address, credentials or certificate.
     */
    accessToken: text(),
    /** Epoch ms after which the stored token is renewed (the PSP's `expires_in` less a margin). */
    accessTokenRenewAt: integer(),
    /** Epoch ms until which one caller is renewing the token (the others wait for its token). */
    tokenLeaseUntil: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("pix_integrations_company").on(t.companyId),
    uniqueIndex("pix_integrations_webhook_secret").on(t.webhookSecretHash),
  ],
);

/**
 * The charge slot of a receivable title: taken (one row per title, its primary key) before the PSP
 * is asked `PUT /v2/cob/{txid}`, so concurrent charges of one title make one call; freed when the
 * charge is stored or the call failed, taken over (with its txid) once `takenAt` is older than the
 * lease (a request that died mid-call).
 */
export const pixChargeSlots = sqliteTable("pix_charge_slots", {
  titleId: integer().primaryKey(),
  companyId: companyId(),
  companyIntegrationId: integer().notNull(),
  /** The txid the holder sends: a request taking over a stale slot sends the same one again. */
  txId: text().notNull(),
  /** UTC `YYYY-MM-DD HH:MM:SS` the slot was taken. */
  takenAt: createdAt(),
});

/** A Pix charge (`cob`) made for a receivable title through a Pix integration. */
export const pixCharges = sqliteTable(
  "pix_charges",
  {
    id: id(),
    companyId: companyId(),
    titleId: integer().notNull(),
    companyIntegrationId: integer().notNull(),
    txId: text().notNull(),
    /** The PSP's `CobrancaStatus` (`ATIVA`, `CONCLUIDA`, ...). */
    status: text().notNull(),
    value: cents(),
    /** `calendario.expiracao` in seconds. */
    expiresInSeconds: integer().notNull(),
    location: text(),
    pixCopiaECola: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("pix_charges_tx_id").on(t.companyId, t.txId), index("pix_charges_title").on(t.titleId)],
);
