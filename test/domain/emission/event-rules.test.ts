import { describe, expect, it } from "vitest";
import {
  brasiliaTime,
  cancellationDeadline,
  cancellationRegistered,
  correctionRegistered,
} from "../../../src/domain/emission/event-rules";

describe("the issuer's event rules", () => {
  it("a cancellation is registered on 135, 136 and 155 (homologated out of time); a CC-e on 135 and 136", () => {
    expect([135, 136, 155, 573, 501, 580].map(cancellationRegistered)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([135, 136, 155, 573].map(correctionRegistered)).toEqual([true, true, false, false]);
  });

  it("the cancellation window closes 24 hours after the authorization, whatever its offset", () => {
    expect(cancellationDeadline("2026-11-28T10:00:00-03:00")?.toISOString()).toBe("2026-11-29T13:00:00.000Z");
    expect(cancellationDeadline("2026-11-28T13:00:00+00:00")?.toISOString()).toBe("2026-11-29T13:00:00.000Z");
    expect(cancellationDeadline(null)).toBeNull();
    expect(cancellationDeadline("ontem")).toBeNull();
    expect(brasiliaTime(new Date("2026-11-29T13:00:00.000Z"))).toBe("2026-11-29T10:00:00-03:00");
  });
});
