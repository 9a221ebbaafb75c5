import { describe, expect, it } from "vitest";
import { inZone } from "../../../src/lib/dates";

describe("inZone", () => {
  it.each([
    ["2026-05-29 12:00:00", "America/Sao_Paulo", "2026-05-29 09:00:00"],
    ["2026-05-29 01:30:15", "America/Sao_Paulo", "2026-05-28 22:30:15"],
    ["2026-01-01 00:00:00", "America/Manaus", "2025-12-31 20:00:00"],
    ["2026-01-01 00:00:00", "America/Noronha", "2025-12-31 22:00:00"],
    ["2026-07-01 12:00:00", "UTC", "2026-07-01 12:00:00"],
  ])("%s UTC in %s is %s", (utc, zone, local) => {
    expect(inZone(utc, zone)).toBe(local);
  });
});
