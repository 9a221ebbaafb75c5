/**
 * The order status registry seeded in every account (migration 0004_order_status_seed writes these rows) and the
 * reservation rule. Stock leaves (outbound movement) when an order is invoiced; before that, the
 * statuses that reserve hold quantities without changing QtyOnStock.
 */
export type OrderStatus = {
  id: number;
  description: string;
  colorCode: string;
  reservesStock: 0 | 1;
  handling: 0 | 1;
  final: 0 | 1;
};

/** The reservation rule (SPEC change notes): budget flow 50 to 56 and status 23 reserve stock. */
export function reservesStock(idStatusOrder: number): boolean {
  return idStatusOrder === 23 || (idStatusOrder >= 50 && idStatusOrder <= 56);
}

/** QtyReserved from reservation quantities grouped by order status. */
export function reservedQuantity(byStatus: { statusOrderId: number; quantity: number }[]): number {
  return byStatus.reduce((sum, row) => (reservesStock(row.statusOrderId) ? sum + row.quantity : sum), 0);
}

/** QtyAvailable = on stock - reserved (reservations never change QtyOnStock). */
export function availableQuantity(onStock: number, reserved: number): number {
  return onStock - reserved;
}

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
