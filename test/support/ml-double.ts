import { expect, inject } from "vitest";
import type { client } from "./api";
import { unique } from "./registry-factories";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the loopback Mercado Livre double started by `ml-double.setup.mjs`. */
    mlDoubleUrl: string;
  }
}

export type MlFault = {
  on?: "token" | "api";
  mode: "401" | "429" | "500" | "garbage" | "text" | "redirect" | "huge" | "body" | "slow";
  /** The JSON answered by "body". */
  body?: unknown;
  /** Size of the "huge" answer (default 9 MiB). */
  bytes?: number;
  retryAfter?: string;
  ms?: number;
  /** Only requests whose path starts with this (e.g. `/billing/`). */
  path?: string;
};

export type MlSellerSettings = {
  clientId: string;
  clientSecret: string;
  sellerId: number;
  refreshToken: string;
  code?: string;
  redirectUri?: string;
  accessTtlSeconds?: number;
};

let orderSeq = 2_000_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;

/** An order as Mercado Livre's `/orders/search` writes it (`date_last_updated` is set by the double). */
export function mlOrder(
  sellerId: number,
  fields: {
    id?: number;
    status?: string;
    items?: {
      listing?: string;
      sku?: string | null;
      customField?: string | null;
      title?: string;
      quantity?: number;
      price?: number;
    }[];
    buyerId?: number;
    shipmentId?: number | null;
    packId?: number | null;
    createdAt?: string;
    /** Ids of the claims opened on the order (its `mediations`). */
    mediations?: number[];
  } = {},
) {
  const id = fields.id ?? ++orderSeq;
  const items = fields.items ?? [{ sku: "ML-SKU-1", price: 100 }];
  return {
    id,
    status: fields.status ?? "paid",
    status_detail: null,
    date_created: fields.createdAt ?? "2026-01-01T10:00:00.000-03:00",
    date_closed: fields.createdAt ?? "2026-01-01T10:00:00.000-03:00",
    pack_id: fields.packId ?? null,
    order_items: items.map((item, index) => ({
      item: {
        id: item.listing ?? `MLB${1000 + index}`,
        title: item.title ?? `Produto ${index + 1}`,
        seller_sku: item.sku === undefined ? null : item.sku,
        seller_custom_field: item.customField ?? null,
        variation_id: null,
        variation_attributes: [],
      },
      quantity: item.quantity ?? 1,
      unit_price: item.price ?? 100,
      full_unit_price: item.price ?? 100,
      currency_id: "BRL",
    })),
    total_amount: items.reduce((sum, item) => sum + (item.price ?? 100) * (item.quantity ?? 1), 0),
    currency_id: "BRL",
    buyer: { id: fields.buyerId ?? 9001, nickname: "COMPRADOR", first_name: "Comprador", last_name: "Teste" },
    seller: { id: sellerId },
    shipping: { id: fields.shipmentId === undefined ? null : fields.shipmentId },
    mediations: (fields.mediations ?? []).map((claimId) => ({ id: claimId })),
    payments: [{ id: id + 1, status: "approved", shipping_cost: 0 }],
    tags: [],
  };
}

/** One seller of the double, named for a test: its API address and its controls. */
export async function mlDouble(name: string, settings: MlSellerSettings) {
  const base = inject("mlDoubleUrl");
  const control = `${base}/_control/${name}`;
  const call = async (path: string, method: string, body?: unknown) => {
    const response = await fetch(`${control}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`Mercado Livre double control ${path}: ${response.status}`);
    return response;
  };
  await call("", "PUT", settings);
  return {
    baseUrl: `${base}/ml/${name}`,
    orders: (orders: unknown[]) => call("/orders", "POST", orders),
    shipments: (shipments: unknown[]) => call("/shipments", "POST", shipments),
    packs: (packs: unknown[]) => call("/packs", "POST", packs),
    billing: (billing: Record<string, unknown>) => call("/billing", "POST", billing),
    faults: (faults: MlFault[]) => call("/faults", "PUT", faults),
    expireAccessTokens: () => call("/expire", "POST", {}),
    state: async (): Promise<{ refreshes: number; refreshToken: string }> =>
      (await call("/state", "GET")).json(),
    notification: async (body: {
      topic: string;
      resource: string;
      userId?: number;
      applicationId?: number;
    }) => (await call("/notify", "POST", body)).json() as Promise<Record<string, unknown>>,
    /** What reached the trap (another origin) after a "redirect" fault: a client that followed it. */
    trapped: async (): Promise<
      { method: string; path: string; authorization: "sent" | null; fields: string[] }[]
    > => (await call("/trapped", "GET")).json(),
    requests: async (): Promise<
      { method: string; path: string; query: Record<string, string>; headers: Record<string, string> }[]
    > => (await call("/requests", "GET")).json(),
  };
}

/** Seller ids of the double: a random start, so files running at once never share a seller. */
let sellerSeq = 1_000_000 + Math.floor(Math.random() * 500_000) * 1000;

/** A seller id no other seller of the run has. */
export const nextMlSellerId = () => ++sellerSeq;

/**
 * A seller at the double (named `<prefix>-<seller id>`) and its integration connected by
 * credentials: `POST /hub/integration` of kind 3 (Mercado Livre) with the double's `BaseUrl`, the
 * app's id and secret and the seller's single-use refresh token (exchanged at once), plus `fields`
 * (`IDWarehouseHub`, `IDTypePayment`, `StockBuffer`...). Fails the test unless the answer is 200.
 * `control` calls the seller's controls of every part of the double (claims, ops, items).
 */
export async function connectMlSeller(
  api: ReturnType<typeof client>,
  options: { prefix?: string; fields?: Record<string, unknown> } = {},
) {
  const sellerId = nextMlSellerId();
  const name = `${options.prefix ?? "seller"}-${sellerId}`;
  const settings = {
    clientId: String(5_000_000 + sellerId),
    clientSecret: `segredo-${sellerId}`,
    sellerId,
    refreshToken: `TG-${name}`,
  };
  const double = await mlDouble(name, settings);
  const response = await api.post("/hub/integration", {
    Description: unique("Mercado Livre"),
    IDTypeCompanyIntegration: 3,
    BaseUrl: double.baseUrl,
    Credentials: {
      ClientId: settings.clientId,
      ClientSecret: settings.clientSecret,
      RefreshToken: settings.refreshToken,
    },
    ...options.fields,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const control = async (path: string, method = "POST", body?: unknown) => {
    const answer = await fetch(`${inject("mlDoubleUrl")}/_control/${name}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!answer.ok) throw new Error(`Mercado Livre double control ${path}: ${answer.status}`);
    return answer;
  };
  return {
    name,
    sellerId,
    settings,
    double,
    integrationId: (response.body as { IDCompanyIntegration: number }[])[0]!.IDCompanyIntegration,
    control,
  };
}

/** A seller connected by `connectMlSeller`. */
export type MlSeller = Awaited<ReturnType<typeof connectMlSeller>>;

/** An item of the double's items API (part 2: listings and stock). */
export type MlDoubleItem = {
  id: string;
  title?: string;
  status?: string;
  price?: number;
  available_quantity?: number;
  variations?: {
    id: number;
    price?: number;
    available_quantity?: number;
    seller_custom_field?: string | null;
    attributes?: { id: string; value_name: string }[];
  }[];
};

/** The items controls of a seller of the double (test/support/ml-double-stock.mjs). */
export function mlDoubleItems(name: string) {
  const control = `${inject("mlDoubleUrl")}/_control/${name}`;
  const call = async (path: string, method: string, body?: unknown) => {
    const response = await fetch(`${control}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`Mercado Livre double control ${path}: ${response.status}`);
    return response;
  };
  return {
    add: (items: MlDoubleItem[]) => call("/items", "POST", items),
    gone: (id: string, status: "deleted" | "closed" = "deleted") =>
      call("/items-gone", "POST", { id, status }),
    state: async (): Promise<{
      items: MlDoubleItem[];
      puts: { id: string; body: Record<string, unknown> }[];
    }> => (await call("/items", "GET")).json(),
    hold: () => call("/items-hold", "POST", {}),
    release: () => call("/items-release", "POST", {}),
  };
}
