/**
 * The purchase status registry (IDStatusPurchase 0 to 12), seeded in every account by migration
 * 0009_purchase_status_seed with these rows, and its transition rules. A purchase is edited while
 * its status is `editable`, received (checked) while `awaitingReceipt`; 8 and 9 are reached only by
 * the check, never by an edit; 10, 11 and 12 are final: no transition leaves them (`nextStatuses`).
 * A test compares the seeded registry with these rows.
 */
export type PurchaseStatus = {
  id: number;
  description: string;
  colorCode: string;
  awaitingReceipt: 0 | 1;
  editable: 0 | 1;
  final: 0 | 1;
};

export const PURCHASE_STATUS = {
  /** The first status: a purchase is open (not yet received) from `draft` to `awaitingCheck`. */
  draft: 0,
  /** Delivered, awaiting the check: where a check's surplus purchase starts; the last open status. */
  awaitingCheck: 7,
  receivedWithShortage: 8,
  received: 9,
  cancelled: 12,
} as const;

export const PURCHASE_STATUSES: readonly PurchaseStatus[] = [
  { id: 0, description: "Rascunho", colorCode: "#9E9E9E", awaitingReceipt: 0, editable: 1, final: 0 },
  {
    id: 1,
    description: "Aguardando aprovação",
    colorCode: "#FBC02D",
    awaitingReceipt: 0,
    editable: 1,
    final: 0,
  },
  { id: 2, description: "Aprovado", colorCode: "#7CB342", awaitingReceipt: 1, editable: 1, final: 0 },
  {
    id: 3,
    description: "Enviado ao fornecedor",
    colorCode: "#1E88E5",
    awaitingReceipt: 1,
    editable: 1,
    final: 0,
  },
  {
    id: 4,
    description: "Confirmado pelo fornecedor",
    colorCode: "#3949AB",
    awaitingReceipt: 1,
    editable: 1,
    final: 0,
  },
  {
    id: 5,
    description: "Faturado pelo fornecedor (NF-e emitida)",
    colorCode: "#00897B",
    awaitingReceipt: 1,
    editable: 1,
    final: 0,
  },
  { id: 6, description: "Em trânsito", colorCode: "#039BE5", awaitingReceipt: 1, editable: 1, final: 0 },
  {
    id: 7,
    description: "Entregue, aguardando conferência",
    colorCode: "#8E24AA",
    awaitingReceipt: 1,
    editable: 1,
    final: 0,
  },
  {
    id: 8,
    description: "Recebido com divergência (faltas)",
    colorCode: "#FB8C00",
    awaitingReceipt: 0,
    editable: 0,
    final: 0,
  },
  { id: 9, description: "Recebido", colorCode: "#2E7D32", awaitingReceipt: 0, editable: 0, final: 0 },
  { id: 10, description: "Encerrado", colorCode: "#455A64", awaitingReceipt: 0, editable: 0, final: 1 },
  {
    id: 11,
    description: "Devolvido ao fornecedor",
    colorCode: "#6D4C41",
    awaitingReceipt: 0,
    editable: 0,
    final: 1,
  },
  { id: 12, description: "Cancelado", colorCode: "#E53935", awaitingReceipt: 0, editable: 0, final: 1 },
];

/** Manual transitions (PUT /purchase/{id}) out of the statuses that are not final; the check moves 2-7 to 8 or 9 on its own. */
const NEXT: Record<number, readonly number[]> = {
  0: [1, 2, 12],
  1: [0, 2, 12],
  2: [1, 3, 4, 5, 6, 7, 12],
  3: [4, 5, 6, 7, 12],
  4: [5, 6, 7, 12],
  5: [6, 7, 12],
  6: [7, 12],
  7: [12],
  8: [10, 11],
  9: [10, 11],
};

export function purchaseStatus(id: number): PurchaseStatus | undefined {
  return PURCHASE_STATUSES.find((s) => s.id === id);
}

/** The statuses a purchase may move to by hand: none out of a final status. */
export function nextStatuses(id: number): readonly number[] {
  return purchaseStatus(id)?.final === 1 ? [] : (NEXT[id] ?? []);
}

export function canMove(from: number, to: number): boolean {
  return from === to || nextStatuses(from).includes(to);
}

/** Statuses a purchase may be created in: before receipt and not final. */
export function isInitialStatus(id: number): boolean {
  return purchaseStatus(id)?.editable === 1;
}

/** The status after a check: 9 when every item arrived in full, 8 when something fell short. */
export function statusAfterCheck(items: { ordered: number; received: number }[]): number {
  return items.every((i) => i.received >= i.ordered)
    ? PURCHASE_STATUS.received
    : PURCHASE_STATUS.receivedWithShortage;
}
