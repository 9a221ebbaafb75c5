/**
 * The order status registry (IDStatusOrder), one row per status with its flags, and the rules that
 * read the flags. Migration 0004_order_status_seed writes the same rows in every account (a test
 * compares the seeded registry with these); the transition table (0007) says which moves exist.
 *
 * - `reservesStock`: the reserving statuses, the budget flow 50 to 56 and 23 (SPEC change notes).
 *   An order in one holds its items' quantities (stock_reservations) until its stock leaves; this
 *   flag is the only place that decides it (`reservesStock`, `RESERVING_ORDER_STATUSES`).
 * - `final`: no transition leaves it and the order takes no change (`assertOrderMovable` in
 *   `transitions.ts` refuses it).
 * - `handling`: the order is being fulfilled (dashboard).
 */
export type OrderStatus = {
  id: number;
  description: string;
  colorCode: string;
  reservesStock: 0 | 1;
  handling: 0 | 1;
  final: 0 | 1;
};

/** The statuses the code names. */
export const ORDER_STATUS = {
  received: 1,
  awaitingPayment: 2,
  paymentApproved: 3,
  shipped: 7,
  delivered: 9,
  cancelled: 10,
  reservedForPickup: 23,
} as const;

export const ORDER_STATUSES: readonly OrderStatus[] = [
  { id: 1, description: "Pedido recebido", colorCode: "#1E88E5", reservesStock: 0, handling: 0, final: 0 },
  {
    id: 2,
    description: "Aguardando pagamento",
    colorCode: "#FBC02D",
    reservesStock: 0,
    handling: 0,
    final: 0,
  },
  { id: 3, description: "Pagamento aprovado", colorCode: "#43A047", reservesStock: 0, handling: 1, final: 0 },
  { id: 4, description: "Em separação", colorCode: "#8E24AA", reservesStock: 0, handling: 1, final: 0 },
  {
    id: 5,
    description: "Separado / embalado",
    colorCode: "#5E35B1",
    reservesStock: 0,
    handling: 1,
    final: 0,
  },
  {
    id: 6,
    description: "Faturado (NF-e emitida)",
    colorCode: "#00897B",
    reservesStock: 0,
    handling: 1,
    final: 0,
  },
  {
    id: 7,
    description: "Enviado à transportadora",
    colorCode: "#3949AB",
    reservesStock: 0,
    handling: 1,
    final: 0,
  },
  { id: 8, description: "Em trânsito", colorCode: "#039BE5", reservesStock: 0, handling: 1, final: 0 },
  { id: 9, description: "Entregue", colorCode: "#2E7D32", reservesStock: 0, handling: 0, final: 1 },
  { id: 10, description: "Cancelado", colorCode: "#E53935", reservesStock: 0, handling: 0, final: 1 },
  { id: 11, description: "Devolvido", colorCode: "#6D4C41", reservesStock: 0, handling: 0, final: 1 },
  {
    id: 12,
    description: "Troca em andamento",
    colorCode: "#F4511E",
    reservesStock: 0,
    handling: 1,
    final: 0,
  },
  {
    id: 23,
    description: "Reservado para retirada na loja",
    colorCode: "#00ACC1",
    reservesStock: 1,
    handling: 1,
    final: 0,
  },
  {
    id: 50,
    description: "Orçamento em elaboração",
    colorCode: "#90A4AE",
    reservesStock: 1,
    handling: 0,
    final: 0,
  },
  {
    id: 51,
    description: "Orçamento enviado ao cliente",
    colorCode: "#78909C",
    reservesStock: 1,
    handling: 0,
    final: 0,
  },
  {
    id: 52,
    description: "Orçamento em negociação",
    colorCode: "#607D8B",
    reservesStock: 1,
    handling: 0,
    final: 0,
  },
  {
    id: 53,
    description: "Orçamento aprovado pelo cliente",
    colorCode: "#7CB342",
    reservesStock: 1,
    handling: 0,
    final: 0,
  },
  {
    id: 54,
    description: "Orçamento em análise de crédito",
    colorCode: "#FFB300",
    reservesStock: 1,
    handling: 0,
    final: 0,
  },
  {
    id: 55,
    description: "Orçamento aguardando sinal",
    colorCode: "#FB8C00",
    reservesStock: 1,
    handling: 0,
    final: 0,
  },
  {
    id: 56,
    description: "Orçamento aprovado, aguardando conversão em pedido",
    colorCode: "#C0CA33",
    reservesStock: 1,
    handling: 0,
    final: 0,
  },
  {
    id: 57,
    description: "Orçamento recusado",
    colorCode: "#B71C1C",
    reservesStock: 0,
    handling: 0,
    final: 1,
  },
  {
    id: 58,
    description: "Orçamento expirado",
    colorCode: "#9E9E9E",
    reservesStock: 0,
    handling: 0,
    final: 1,
  },
  {
    id: 97,
    description: "Aguardando retirada pelo cliente",
    colorCode: "#AB47BC",
    reservesStock: 0,
    handling: 0,
    final: 0,
  },
];

/** The statuses in which an order reserves its items' stock. */
export const RESERVING_ORDER_STATUSES: readonly number[] = ORDER_STATUSES.filter(
  (s) => s.reservesStock === 1,
).map((s) => s.id);

export function reservesStock(idStatusOrder: number): boolean {
  return RESERVING_ORDER_STATUSES.includes(idStatusOrder);
}

/** A final status: nothing moves an order out of it. */
export function isFinalOrderStatus(idStatusOrder: number): boolean {
  return ORDER_STATUSES.some((s) => s.id === idStatusOrder && s.final === 1);
}
