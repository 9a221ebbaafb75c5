import { describe, expect, it } from "vitest";
import { assertTimeZone, parseOfxDate, parseOfxDateLenient } from "../../../src/domain/ofx/dates";

const SP = "America/Sao_Paulo";

describe("parseOfxDate", () => {
  it.each([
    // [text, zone, date-time in the zone]
    ["20240105", SP, "2024-01-05 00:00:00"],
    ["20240105 ", SP, "2024-01-05 00:00:00"],
    ["202401051030", SP, "2024-01-05 10:30:00"],
    ["20240105103000", SP, "2024-01-05 10:30:00"],
    ["20240105103000.123", SP, "2024-01-05 10:30:00"],
    ["20240105103000[-3:BRT]", SP, "2024-01-05 10:30:00"],
    ["20240105103000[-03:EST]", SP, "2024-01-05 10:30:00"],
    ["20240105103000[-3:GMT]", SP, "2024-01-05 10:30:00"],
    ["20150507164333.979[-0300:BRT]", SP, "2015-05-07 16:43:33"],
    ["20240105103000[-3]", SP, "2024-01-05 10:30:00"],
    ["20240105103000 [ -3 : BRT ]", SP, "2024-01-05 10:30:00"],
    // an instant in another offset moves to the company's zone, across midnight when it must
    ["20240105023000[0:GMT]", SP, "2024-01-04 23:30:00"],
    ["20240105120000.000[0:UTC]", SP, "2024-01-05 09:00:00"],
    ["20230509120000.000[-5:EST]", SP, "2023-05-09 14:00:00"],
    ["20050831165153.000[-8:PST]", SP, "2005-08-31 21:51:53"],
    ["20240105120000[+5.30:IST]", SP, "2024-01-05 03:30:00"],
    ["20240105120000[+5.5:IST]", SP, "2024-01-05 03:30:00"],
    ["20240105120000[+5.45:NPT]", SP, "2024-01-05 03:15:00"],
    ["20240105120000[+5.75:NPT]", SP, "2024-01-05 03:15:00"],
    ["20240105120000[+0530:IST]", SP, "2024-01-05 03:30:00"],
    // São Paulo still had summer time (UTC-2) in December 2017
    ["20171210120000[-2:BRST]", SP, "2017-12-10 12:00:00"],
    ["20171210120000[-3:BRT]", SP, "2017-12-10 13:00:00"],
    // a company in Manaus (UTC-4) sees a São Paulo instant one hour earlier
    ["20240105103000[-3:BRT]", "America/Manaus", "2024-01-05 09:30:00"],
    ["20240105003000[-3:BRT]", "America/Manaus", "2024-01-04 23:30:00"],
    // a posting day (no time, or midnight) is never moved, whatever the offset and the zone
    ["20240105000000[0:GMT]", SP, "2024-01-05 00:00:00"],
    ["20240105000000.000[-7:MST]", SP, "2024-01-05 00:00:00"],
    ["20240105000000[-3:BRT]", "America/Manaus", "2024-01-05 00:00:00"],
    ["20240105", "Asia/Tokyo", "2024-01-05 00:00:00"],
    ["20240229", SP, "2024-02-29 00:00:00"],
  ])("%s in %s is %s", (text, zone, expected) => {
    expect(parseOfxDate(text, zone)).toEqual({ date: expected.slice(0, 10), dateTime: expected });
  });

  it.each([
    "",
    "abc",
    "00000000",
    "00000000000000",
    "20120231",
    "20230229",
    "20241305",
    "2024010",
    "2024051315034[-3:GMT]",
    "2026017932[-3:GMT]",
    "201120000000",
    "20240105250000",
    "20240105126000",
    "20240105120060",
    "20240105120000[-3:BRT",
    "20240105120000[-15]",
    "20240105120000[-3.17]",
    "20240105120000[-0390]",
    "18991231",
    "2024-01-05",
  ])("refuses %j", (text) => {
    expect(parseOfxDate(text, SP)).toBeNull();
  });
});

describe("parseOfxDateLenient (statement dates)", () => {
  it.each([
    ["2024051315034[-3:GMT]", "2024-05-13"],
    ["20240513150340[-3:GMT]", "2024-05-13"],
    ["20240513 lixo", "2024-05-13"],
    ["2026017932[-3:GMT]", null],
    ["00000000", null],
    ["", null],
  ])("%j gives %j", (text, date) => {
    expect(parseOfxDateLenient(text, SP)?.date ?? null).toBe(date);
  });
});

describe("assertTimeZone", () => {
  it("accepts IANA zones and refuses unknown ones", () => {
    expect(() => assertTimeZone("America/Sao_Paulo")).not.toThrow();
    expect(() => assertTimeZone("Mars/Olympus")).toThrow('Fuso horário desconhecido: "Mars/Olympus"');
  });
});
