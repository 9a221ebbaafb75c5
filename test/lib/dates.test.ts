import { describe, expect, it } from "vitest";
import { addDays, DEFAULT_TIME_ZONE, isValidDate, nowIn, todayIn, zonedFormatter } from "../../src/lib/dates";

describe("isValidDate", () => {
  it.each(["2026-01-31", "2024-02-29", "2000-02-29", "2026-12-31", "1970-01-01", "1900-01-01", "2100-12-31"])(
    "accepts %s",
    (text) => {
      expect(isValidDate(text)).toBe(true);
    },
  );

  it.each([
    "2026-02-29",
    "1900-02-29",
    "0000-01-01",
    "1899-12-31",
    "2101-01-01",
    "9999-12-31",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "2026-1-31",
    "26-01-31",
    "2026/01/31",
    "2026-01-31 00:00:00",
    " 2026-01-31",
    "2026-01-31T00:00:00Z",
    "",
    "abcd-ef-gh",
  ])("refuses %j", (text) => {
    expect(isValidDate(text)).toBe(false);
  });
});

describe("todayIn and nowIn", () => {
  // 2026-03-01 02:30:15 UTC is still the last day of February in São Paulo (UTC-3)
  const lateNightUtc = new Date("2026-03-01T02:30:15.900Z");

  it("answer the calendar day and wall-clock time of the zone, not of UTC", () => {
    expect(todayIn("America/Sao_Paulo", lateNightUtc)).toBe("2026-02-28");
    expect(nowIn("America/Sao_Paulo", lateNightUtc)).toBe("2026-02-28 23:30:15");
    expect(todayIn("UTC", lateNightUtc)).toBe("2026-03-01");
    expect(nowIn("UTC", lateNightUtc)).toBe("2026-03-01 02:30:15");
    expect(nowIn("Asia/Tokyo", lateNightUtc)).toBe("2026-03-01 11:30:15");
  });

  it("write midnight as 00, never 24", () => {
    expect(nowIn("UTC", new Date("2026-05-10T00:00:00Z"))).toBe("2026-05-10 00:00:00");
    expect(nowIn("America/Sao_Paulo", new Date("2026-05-10T03:00:00Z"))).toBe("2026-05-10 00:00:00");
  });

  it("follow a zone's daylight-saving changes (São Paulo had DST until 2019)", () => {
    // 2018-12-01 was in Brazilian summer time (UTC-2)
    expect(nowIn("America/Sao_Paulo", new Date("2018-12-01T12:00:00Z"))).toBe("2018-12-01 10:00:00");
    expect(nowIn("America/Sao_Paulo", new Date("2018-07-01T12:00:00Z"))).toBe("2018-07-01 09:00:00");
  });

  it("default to the current instant", () => {
    const before = todayIn("UTC", new Date());
    const today = todayIn("UTC");
    const after = todayIn("UTC", new Date());
    expect([before, after]).toContain(today);
    expect(nowIn(DEFAULT_TIME_ZONE)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("keep one formatter per zone", () => {
    expect(zonedFormatter("America/Manaus")).toBe(zonedFormatter("America/Manaus"));
    expect(zonedFormatter("America/Manaus")).not.toBe(zonedFormatter("America/Sao_Paulo"));
  });

  it("refuse an unknown zone", () => {
    expect(() => todayIn("America/Atlantis")).toThrow(RangeError);
  });
});

describe("addDays", () => {
  it.each([
    ["2026-01-31", 1, "2026-02-01"],
    ["2026-02-28", 1, "2026-03-01"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2027-01-01", -1, "2026-12-31"],
    ["2026-05-10", 0, "2026-05-10"],
    ["2026-01-01", 365, "2027-01-01"],
    ["2024-01-01", 366, "2025-01-01"],
    // no daylight-saving hour can shift the day: the arithmetic is in UTC
    ["2018-11-03", 1, "2018-11-04"],
    ["2019-02-16", 1, "2019-02-17"],
  ])("%s %+d days is %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});
