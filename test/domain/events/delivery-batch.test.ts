import { describe, expect, it } from "vitest";
import { distinctAttempts, windowPositions } from "../../../src/domain/events/delivery";

describe("a consumer batch of deliveries", () => {
  it("asks once for each (delivery, attempt), keeping different attempts of one delivery apart", () => {
    expect(
      distinctAttempts([
        { deliveryId: 7, attempt: 1 },
        { deliveryId: 7, attempt: 1 },
        { deliveryId: 7, attempt: 2 },
        { deliveryId: 8, attempt: 1 },
      ]),
    ).toEqual([
      { deliveryId: 7, attempt: 1 },
      { deliveryId: 7, attempt: 2 },
      { deliveryId: 8, attempt: 1 },
    ]);
  });

  it("places each claimed delivery in its endpoint's window after those counted before the batch", () => {
    // endpoint 1: 5 counted before, 3 claimed now (window 8); endpoint 2: a new window of 2
    const deliveries = [
      { id: 30, endpointId: 1 },
      { id: 12, endpointId: 2 },
      { id: 10, endpointId: 1 },
      { id: 20, endpointId: 1 },
      { id: 11, endpointId: 2 },
    ];
    const positions = windowPositions(
      deliveries,
      new Map([
        [1, 8],
        [2, 2],
      ]),
    );
    expect(Object.fromEntries(positions)).toEqual({ 10: 6, 20: 7, 30: 8, 11: 1, 12: 2 });
  });
});
