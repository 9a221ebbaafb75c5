/**
 * The sandbox channel's data: every order is computed from (channel account, order number), so the
 * same integration always sees the same orders, consumers, items, coupons, UTM data and claims.
 */
import { fromCents } from "../../lib/money";

/** 32-bit FNV-1a of a text. */
function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A small deterministic generator (mulberry32) seeded by a text. */
function randomOf(seed: string) {
  let state = fnv(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** Check digits of a CPF (9 digits) or CNPJ (12 digits) base, by the Receita Federal's rule. */
function withCheckDigits(base: string, weights: (length: number) => number[]): string {
  let digits = base;
  for (let round = 0; round < 2; round++) {
    const w = weights(digits.length);
    const sum = [...digits].reduce((total, d, i) => total + Number(d) * w[i]!, 0);
    const rest = sum % 11;
    digits += rest < 2 ? "0" : String(11 - rest);
  }
  return digits;
}

const cpfWeights = (length: number) => Array.from({ length }, (_, i) => length + 1 - i);
const cnpjWeights = (length: number) =>
  Array.from({ length }, (_, i) => {
    const w = length + 1 - i - 8;
    return w >= 2 ? w : w + 8;
  });

const FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Carla",
  "Diego",
  "Elisa",
  "Fábio",
  "Gabriela",
  "Heitor",
  "Isabela",
  "João",
];
const LAST_NAMES = [
  "Silva",
  "Souza",
  "Oliveira",
  "Pereira",
  "Lima",
  "Carvalho",
  "Ribeiro",
  "Almeida",
  "Gonçalves",
];
const COMPANIES = ["Papelaria Central Ltda", "Mercadinho Boa Vista ME", "Studio Criativo Eireli"];
const SOURCES = ["google", "instagram", "newsletter", null] as const;
const MEDIUMS = ["cpc", "social", "email", null] as const;
const CAMPAIGNS = ["black-friday", "natal", "volta-as-aulas", null] as const;
const CLAIM_REASONS = ["Produto com defeito", "Produto diferente do anunciado", "Não recebi o produto"];
const SHIPPING_METHODS = ["mail", "entrusted", "personal_delivery", "email"] as const;
const STATUSES = ["paid", "paid", "paid", "shipped", "delivered", "pending_payment", "cancelled"] as const;

/** Consumers repeat across orders (37 per channel account), so the same buyer orders again. */
const CONSUMERS_PER_ACCOUNT = 37;

function buyer(account: string, index: number) {
  const random = randomOf(`${account}:buyer:${index}`);
  if (index % 9 === 4) {
    const name = random.pick(COMPANIES);
    const document = withCheckDigits(`${String(random.int(10_000_000, 99_999_999))}0001`, cnpjWeights);
    return { name, document, email: `compras${index}@empresa.example` };
  }
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const document = withCheckDigits(String(random.int(100_000_000, 999_999_999)), cpfWeights);
  const local = `${first}.${last}${index}`
    .normalize("NFD")
    .replace(/[^\x20-\x7e]/g, "")
    .toLowerCase();
  const email = index % 5 === 3 ? null : `${local}@cliente.example`;
  return { name: `${first} ${last}`, document, email };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD HH:MM:SS` of order `n`: one order every 7 minutes from 2026-11-01 08:00 UTC. */
function orderTime(n: number): string {
  const time = new Date(Date.UTC(2026, 10, 1, 8, 0, 0) + n * 7 * 60_000);
  return `${time.getUTCFullYear()}-${pad(time.getUTCMonth() + 1)}-${pad(time.getUTCDate())} ${pad(
    time.getUTCHours(),
  )}:${pad(time.getUTCMinutes())}:00`;
}

/** The channel's JSON of order `n` (1-based) of a channel account, in the channel's own field names. */
export function sandboxOrder(account: string, n: number, skuCodes: readonly string[]) {
  // Items, prices and choices depend on the order number only; the buyers are the account's own.
  const random = randomOf(`order:${n}`);
  const items = Array.from({ length: random.int(1, 3) }, (_, line) => {
    const sku = skuCodes[(n + line) % skuCodes.length]!;
    return {
      seller_sku: sku,
      title: `Produto ${sku}`,
      quantity: random.int(1, 3),
      unit_price: fromCents(random.int(1990, 19990)),
      discount: 0,
    };
  });
  const itemsTotal = items.reduce((sum, item) => sum + Math.round(item.unit_price * 100) * item.quantity, 0);
  const coupon =
    n % 3 === 0 ? { code: "BEMVINDO10", discount: fromCents(Math.round(itemsTotal / 10)) } : null;
  // Orders 4 and 5 of every ten were bought in one cart: same pack.
  const pack = n % 10 === 4 || n % 10 === 5 ? `PK-${account.slice(0, 6)}-${Math.floor(n / 10)}` : null;
  const status = STATUSES[n % STATUSES.length]!;
  const claims =
    n % 6 === 0
      ? [
          {
            id: `CL-${n}`,
            reason: random.pick(CLAIM_REASONS),
            status: n % 12 === 0 ? "closed" : "opened",
            date_created: orderTime(n + 30),
            return_shipping: SHIPPING_METHODS[(n / 6) % SHIPPING_METHODS.length] ?? null,
          },
        ]
      : [];
  return {
    order_id: `SBX-${n}`,
    status,
    date_created: orderTime(n),
    buyer: buyer(account, n % CONSUMERS_PER_ACCOUNT),
    items,
    shipping: {
      id: status === "pending_payment" ? null : `SH-${n}`,
      cost: random.int(0, 3) === 0 ? 0 : fromCents(random.int(990, 2990)),
      method: SHIPPING_METHODS[n % 2]!,
    },
    pack_id: pack,
    coupon,
    utm: {
      utm_source: random.pick(SOURCES),
      utm_medium: random.pick(MEDIUMS),
      utm_campaign: random.pick(CAMPAIGNS),
      utmi_cp: n % 4 === 0 ? "vitrine-home" : null,
      utmi_p: n % 4 === 0 ? "home" : null,
      utmi_pc: n % 4 === 0 ? "banner-topo" : null,
    },
    claims,
  };
}

/** The claim's reputation answer of the sandbox: some claims leave it out (the channel did not say). */
export function sandboxReputation(n: number): string | undefined {
  return [undefined, "not_affects", "affects", "not_applies"][(n / 6) % 4];
}

/** Orders the sandbox channel settles: the shipped and the delivered ones. */
export const isSettledOrder = (n: number) => {
  const status = STATUSES[n % STATUSES.length];
  return status === "shipped" || status === "delivered";
};

/** The channel's commission on the goods (not on shipping) and its fixed fee per order. */
const COMMISSION_RATE = 0.12;
const FEE_PER_ORDER = 5;

/**
 * The channel's settlement JSON of order `n`: released 15 days after the order; the gross is what
 * the buyer paid, except every 11th settled order, where the channel refunded R$ 10,00 to the buyer
 * and settles that much less (a settlement that does not match the order's receivable).
 */
export function sandboxSettlement(account: string, n: number, skuCodes: readonly string[]) {
  const order = sandboxOrder(account, n, skuCodes);
  const items = order.items.reduce(
    (sum, item) => sum + Math.round(item.unit_price * 100) * item.quantity - Math.round(item.discount * 100),
    0,
  );
  const goods = items - Math.round((order.coupon?.discount ?? 0) * 100);
  const paid = goods + Math.round(order.shipping.cost * 100);
  const gross = n % 11 === 0 ? Math.max(0, paid - 1000) : paid;
  const commission = Math.round(Math.min(goods, gross) * COMMISSION_RATE);
  const fees = Math.min(FEE_PER_ORDER * 100, gross - commission);
  const released = new Date(`${order.date_created.slice(0, 10)}T00:00:00Z`);
  released.setUTCDate(released.getUTCDate() + 15);
  return {
    settlement_id: `ST-${n}`,
    order_id: order.order_id,
    release_date: released.toISOString().slice(0, 10),
    gross_amount: fromCents(gross),
    commission: fromCents(commission),
    fees: fromCents(fees),
    net_amount: fromCents(gross - commission - fees),
  };
}
