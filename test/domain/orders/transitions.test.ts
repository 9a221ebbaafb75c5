import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../../src/domain/orders/order-statuses";
import {
  planInitialStatus,
  planTransition,
  type StatusRegistry,
} from "../../../src/domain/orders/transitions";

const registry: StatusRegistry = {
  statuses: new Map(ORDER_STATUSES.map((s) => [s.id, s])),
  transitions: [
    { fromStatusId: 0, toStatusId: 1, stockEffect: null },
    { fromStatusId: 0, toStatusId: 23, stockEffect: null },
    { fromStatusId: 1, toStatusId: 23, stockEffect: null },
    { fromStatusId: 23, toStatusId: 6, stockEffect: "invoice" },
    { fromStatusId: 23, toStatusId: 10, stockEffect: null },
    { fromStatusId: 6, toStatusId: 10, stockEffect: "return" },
  ],
};

describe("status transitions", () => {
  it("an order starts only in a status listed from 0; a reserving one reserves", () => {
    expect(planInitialStatus(registry, 23)).toEqual({
      from: null,
      to: 23,
      effect: null,
      stockState: 0,
      reserves: true,
    });
    expect(() => planInitialStatus(registry, 6)).toThrow("Pedido não pode ser criado no status 6");
    expect(() => planInitialStatus(registry, 99)).toThrow("Status do pedido não existe");
  });

  it("invoicing moves the stock out once; cancelling after it returns it; before it, only releases", () => {
    expect(planTransition(registry, 23, 6, 0)).toEqual({
      from: 23,
      to: 6,
      effect: "invoice",
      stockState: 1,
      reserves: false,
    });
    expect(planTransition(registry, 6, 10, 1)).toMatchObject({ effect: "return", stockState: 2 });
    expect(planTransition(registry, 23, 10, 0)).toMatchObject({
      effect: null,
      stockState: 0,
      reserves: false,
    });
    expect(planTransition(registry, 1, 23, 0)).toMatchObject({ effect: null, reserves: true });
  });

  it("refuses unknown statuses, pairs outside the table and any move out of a final status", () => {
    expect(() => planTransition(registry, 1, 6, 0)).toThrow("Transição de status não permitida: de 1 para 6");
    expect(() => planTransition(registry, 1, 77, 0)).toThrow("Status do pedido não existe");
    expect(() => planTransition(registry, 10, 1, 2)).toThrow("Pedido em status final não pode ser alterado");
  });
});
