import { describe, expect, it } from "vitest";
import {
  budgetState,
  decideRead,
  narrowWindow,
  spend,
  windowKind,
} from "../../../src/adapters/openfinance/budget";

// 2026-11-29 09:00 in São Paulo
const NOW = new Date("2026-11-29T12:00:00Z");

describe("the monthly reading budget of a feed", () => {
  it("a window starting within the last 7 days (today included) is narrow; older ones are wide", () => {
    expect(windowKind("2026-11-23", "2026-11-29")).toBe("narrow");
    expect(windowKind("2026-11-22", "2026-11-29")).toBe("wide");
    expect(narrowWindow("2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
  });

  it("leaves the aggregator's auto-sync its reads: every older one and 124 of the 240 recent ones", () => {
    expect(budgetState(null, NOW)).toEqual({
      month: "2026-11",
      wide: { limit: 0, spent: 0, left: 0 },
      narrow: { limit: 116, spent: 0, left: 116 },
      renewsOn: "2026-12-01",
    });
    expect(budgetState(null, NOW, { wide: 0, narrow: 0 })).toMatchObject({
      wide: { limit: 4, left: 4 },
      narrow: { limit: 240, left: 240 },
    });
    expect(decideRead(null, "2026-10-01", NOW)).toMatchObject({
      allowed: false,
      kind: "wide",
      fallback: "narrow",
    });
  });

  it("refuses the fifth wide read of the month, offers the narrow window and names when it renews", () => {
    const noAutoSync = { wide: 0 };
    let spent = null;
    for (let i = 0; i < 4; i++) {
      const decision = decideRead(spent, "2026-10-01", NOW, noAutoSync);
      expect(decision).toMatchObject({ allowed: true, kind: "wide" });
      spent = spend(spent, "wide", NOW);
    }
    const refused = decideRead(spent, "2026-10-01", NOW, noAutoSync);
    expect(refused).toMatchObject({
      allowed: false,
      kind: "wide",
      retryOn: "2026-12-01",
      fallback: "narrow",
      reason: "limite mensal do Open Finance esgotado (janela ampla: 4 de 4); renova em 2026-12-01",
    });
    expect(decideRead(spent, "2026-11-25", NOW)).toMatchObject({ allowed: true, kind: "narrow" });
  });

  it("has no fallback when the narrow reads are spent too", () => {
    const spent = { month: "2026-11", wide: 4, narrow: 116 };
    expect(decideRead(spent, "2026-11-25", NOW)).toMatchObject({
      allowed: false,
      kind: "narrow",
      fallback: null,
    });
    expect(decideRead(spent, "2026-01-01", NOW)).toMatchObject({
      allowed: false,
      kind: "wide",
      fallback: null,
    });
  });

  it("counts in the São Paulo month: last month's reads do not count, and December renews in January", () => {
    const spent = { month: "2026-10", wide: 4, narrow: 116 };
    expect(decideRead(spent, "2026-11-25", NOW)).toMatchObject({ allowed: true, kind: "narrow" });
    expect(decideRead(spent, "2026-10-01", NOW, { wide: 0 })).toMatchObject({ allowed: true, kind: "wide" });
    expect(spend(spent, "narrow", NOW)).toEqual({ month: "2026-11", wide: 0, narrow: 1 });
    // 2026-12-01 01:00 UTC is still November 30 in São Paulo
    expect(budgetState(null, new Date("2026-12-01T01:00:00Z")).month).toBe("2026-11");
    expect(budgetState(null, new Date("2026-12-15T12:00:00Z")).renewsOn).toBe("2027-01-01");
  });
});
