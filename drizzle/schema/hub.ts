import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { cents, companyId, createdAt, id, status, updatedAt } from "./columns";

/**
 * The channel side of a company integration (sales channels: marketplaces, web stores). The
 * integration itself is a row of `company_integrations` (IDCompanyIntegration, Kind `HUB`); this row
 * adds what only a channel has: its kind, the encrypted credentials, the authentication state and the
 * pull cursor.
 */
export const hubIntegrations = sqliteTable(
  "hub_integrations",
  {
    companyIntegrationId: integer().primaryKey(),
    companyId: companyId(),
    /** IDTypeCompanyIntegration: the channel kind (src/domain/hub/channel-kinds.ts). */
    typeCompanyIntegrationId: integer().notNull(),
    /** AES-GCM ciphertext of the credentials JSON (`v1.<iv>.<ciphertext>`, base64url); null when never authenticated. */
    credentials: text(),
    /** `Authenticated` | `NotAuthenticated` | `Refused` (the channel refused the credentials). */
    authState: text().notNull().default("NotAuthenticated"),
    /** UTC `YYYY-MM-DD HH:MM:SS` when the channel's authorisation ends; null = no expiry. */
    authExpiresAt: text(),
    /** Why the channel ended the authorisation (`Expired`: its refusal of the refresh token); null otherwise. */
    authReason: text(),
    /** JSON of the sandbox channel's settings (mode, order count, SKU codes). */
    sandbox: text().notNull().default("{}"),
    /** Where the channel's orders are fulfilled from (IDWarehouseHub). */
    warehouseId: integer(),
    /** The channel's cursor after the last pulled order ('' = from the start). */
    cursor: text().notNull().default(""),
    /** The channel's cursor after the last pulled settlement ('' = from the start). */
    settlementCursor: text().notNull().default(""),
    /** IDTypePayment of the receivable each created order gets for its total (null: orders without payments). */
    paymentTypeId: integer(),
    /** Units kept back from the channel: the published quantity is max(0, QtyAvailable - StockBuffer). */
    stockBuffer: integer().notNull().default(0),
    lastPullAt: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("hub_integrations_company").on(t.companyId)],
);

/** One order of a channel as it was pulled, mapped to the company's consumer and SKUs. */
export const hubOrders = sqliteTable(
  "hub_orders",
  {
    id: id(),
    companyId: companyId(),
    companyIntegrationId: integer().notNull(),
    typeCompanyIntegrationId: integer().notNull(),
    salesChannelId: integer().notNull(),
    /** The channel's own order id: never pulled twice per integration. */
    channelOrderId: text().notNull(),
    channelStatus: text().notNull(),
    statusOrderId: integer().notNull(),
    /** Order date-time at the channel, UTC `YYYY-MM-DD HH:MM:SS`. */
    orderedAt: text().notNull(),
    consumerId: integer(),
    consumerName: text().notNull(),
    consumerDocument: text().notNull(),
    consumerEmail: text(),
    shippingId: text(),
    packId: text(),
    /** Position of the order within its pack (0 when alone). */
    packIndex: integer().notNull().default(0),
    shippingMethod: text(),
    coupon: text(),
    utmCampaign: text(),
    utmMedium: text(),
    utmSource: text(),
    utmiCampaign: text(),
    utmiPage: text(),
    utmiPart: text(),
    itemsValue: cents(),
    shippingValue: cents(),
    discountValue: cents(),
    totalValue: cents(),
    warehouseId: integer(),
    /** JSON array of the channel SKU codes with no SKU of the company. */
    unmappedSkus: text().notNull().default("[]"),
    /** The order created from this hub order (orders area); null while not created. */
    orderId: integer(),
    /** Why the orders area refused to create the order (null: created, or not tried yet). */
    orderError: text(),
    /** Why the order was created without reserving stock (in status 1 instead of 23); null: it reserved, or had nothing to reserve. */
    reservationError: text(),
    /** The channel's order as received (JSON). */
    channelData: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("hub_orders_integration_channel_order").on(t.companyIntegrationId, t.channelOrderId),
    uniqueIndex("hub_orders_order").on(t.orderId),
    index("hub_orders_company").on(t.companyId, t.id),
    index("hub_orders_company_date").on(t.companyId, t.orderedAt),
  ],
);

export const hubOrderItems = sqliteTable(
  "hub_order_items",
  {
    id: id(),
    companyId: companyId(),
    hubOrderId: integer().notNull(),
    /** 0-based line of the item in the channel's order. */
    line: integer().notNull(),
    channelSkuCode: text().notNull(),
    skuId: integer(),
    title: text().notNull(),
    quantity: integer().notNull(),
    unitPrice: cents(),
    discount: cents(),
  },
  (t) => [
    uniqueIndex("hub_order_items_line").on(t.hubOrderId, t.line),
    check("hub_order_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** Claims (reclamações) opened by consumers at the channel on a hub order. */
export const hubOrderClaims = sqliteTable(
  "hub_order_claims",
  {
    id: id(),
    companyId: companyId(),
    companyIntegrationId: integer().notNull(),
    hubOrderId: integer().notNull(),
    channelClaimId: text().notNull(),
    reason: text().notNull(),
    channelStatus: text().notNull(),
    /** `mail` | `entrusted` | `personal_delivery` | `email` */
    shippingMethod: text(),
    openedAt: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("hub_order_claims_channel").on(t.companyIntegrationId, t.channelClaimId),
    index("hub_order_claims_order").on(t.hubOrderId),
  ],
);

/** Files sent to the channel on an order or a claim, kept in R2. */
export const hubAttachments = sqliteTable(
  "hub_attachments",
  {
    id: id(),
    companyId: companyId(),
    hubOrderId: integer().notNull(),
    claimId: integer(),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    channelAttachmentId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("hub_attachments_order").on(t.hubOrderId), uniqueIndex("hub_attachments_key").on(t.fileKey)],
);

/** A product listed on a channel; its variations are the company's SKUs. */
export const hubProducts = sqliteTable(
  "hub_products",
  {
    id: id(),
    companyId: companyId(),
    companyIntegrationId: integer().notNull(),
    title: text().notNull(),
    channelProductId: text(),
    lastSyncAt: text(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index("hub_products_company").on(t.companyId)],
);

export const hubProductVariations = sqliteTable(
  "hub_product_variations",
  {
    id: id(),
    companyId: companyId(),
    hubProductId: integer().notNull(),
    skuId: integer().notNull(),
    channelSkuCode: text().notNull(),
    lastSyncAt: text(),
  },
  (t) => [
    uniqueIndex("hub_product_variations_sku").on(t.hubProductId, t.skuId),
    index("hub_product_variations_sku_id").on(t.skuId),
  ],
);

/** Carrier collection lists (romaneios de coleta): the hub orders handed to the carrier together. */
export const hubCollectionLists = sqliteTable(
  "hub_collection_lists",
  {
    id: id(),
    companyId: companyId(),
    companyIntegrationId: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("hub_collection_lists_company").on(t.companyId)],
);

export const hubCollectionListOrders = sqliteTable(
  "hub_collection_list_orders",
  {
    collectionListId: integer().notNull(),
    hubOrderId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionListId, t.hubOrderId] })],
);

/**
 * A Mercado Livre integration's connection: the API address, the app's client id and the seller's
 * user id (plain: they find the integration of a notification), and the seller's tokens sealed
 * like the credentials (AES-GCM). `version` moves with every replacement of the tokens: a refresh
 * is a compare-and-set on it, and `refreshLeaseUntil` keeps one refresh in flight per integration.
 */
export const mlConnections = sqliteTable(
  "ml_connections",
  {
    companyIntegrationId: integer().primaryKey(),
    companyId: companyId(),
    baseUrl: text().notNull(),
    clientId: text().notNull(),
    sellerId: text(),
    /** Sealed `{accessToken, refreshToken}`; null before the seller is connected. */
    tokens: text(),
    /** UTC `YYYY-MM-DD HH:MM:SS` when the access token ends. */
    accessExpiresAt: text(),
    version: integer().notNull().default(0),
    /** UTC `YYYY-MM-DD HH:MM:SS` until which one caller holds the refresh of this version. */
    refreshLeaseUntil: text(),
    updatedAt: updatedAt(),
  },
  (t) => [index("ml_connections_seller").on(t.clientId, t.sellerId)],
);

/** OAuth `state`s handed out with an authorization URL: bound to one integration, single use, short lived. */
export const mlOauthStates = sqliteTable("ml_oauth_states", {
  /** SHA-256 (base64url) of the state: the state itself is never stored. */
  stateHash: text().primaryKey(),
  companyId: companyId(),
  companyIntegrationId: integer().notNull(),
  redirectUri: text().notNull(),
  expiresAt: text().notNull(),
  usedAt: text(),
  createdAt: createdAt(),
});

/**
 * Mercado Livre's notifications of an integration: one row per resource (a second notification of
 * the same resource sets it pending again), fetched by the next pull.
 */
export const mlNotifications = sqliteTable(
  "ml_notifications",
  {
    id: id(),
    companyId: companyId(),
    companyIntegrationId: integer().notNull(),
    topic: text().notNull(),
    resource: text().notNull(),
    /** `pending` (to fetch), `fetched`, or `ignored` (a topic this part does not fetch yet). */
    state: text().notNull().default("pending"),
    attempts: integer().notNull().default(1),
    /** `sent` of the notification (UTC text as Mercado Livre wrote it), if any. */
    sentAt: text(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ml_notifications_resource").on(t.companyIntegrationId, t.resource),
    index("ml_notifications_pending").on(t.companyIntegrationId, t.state, t.id),
  ],
);

/**
 * The published stock of Mercado Livre listings: one row per integration and listing, written by the
 * database's own triggers (migration 0024) whenever the stock balance or a reservation of a SKU
 * mapped to the listing changes. A new change bumps `seq` (many changes: one row, the latest
 * value is read when it is sent); the publisher marks the row `done` only if `seq` did not move
 * while it was sending, so a newer change is always published after an older one.
 */
export const mlStockOutbox = sqliteTable(
  "ml_stock_outbox",
  {
    id: id(),
    companyId: companyId(),
    companyIntegrationId: integer().notNull(),
    /** The listing (`MLB…`, the hub product's channel product id). */
    listingId: text().notNull(),
    /** Bumped by every stock change of a SKU of the listing. */
    seq: integer().notNull().default(1),
    /** The `seq` last published (0: never). */
    sentSeq: integer().notNull().default(0),
    /** `pending` (to publish), `done`, or `failed` (the listing is deleted or closed at the channel). */
    state: text().notNull().default("pending"),
    /** Why the last publication failed (the channel's answer); null when it did not. */
    reason: text(),
    /** JSON `[{variation, quantity}]` last accepted by the channel. */
    published: text(),
    publishedAt: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ml_stock_outbox_listing").on(t.companyIntegrationId, t.listingId),
    index("ml_stock_outbox_pending").on(t.state, t.companyIntegrationId),
  ],
);
