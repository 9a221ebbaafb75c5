import { describe, expect, it } from "vitest";
import {
  CSV_CONTENT_TYPES,
  contentTypeOfPart,
  isAllowedContentType,
  mediaTypeOf,
  normalizeContentType,
  OFX_CONTENT_TYPES,
} from "../../../src/domain/uploads/content-types";

describe("accepted content types", () => {
  it("are the ones docs/UPLOADS-AND-JOBS.md documents", () => {
    expect(CSV_CONTENT_TYPES).toEqual(["text/csv", "text/plain", "application/vnd.ms-excel"]);
    expect(OFX_CONTENT_TYPES).toEqual([
      "application/x-ofx",
      "application/ofx",
      "text/plain",
      "application/octet-stream",
      "text/xml",
    ]);
  });
});

describe("content types", () => {
  it.each([
    ["text/csv", "text/csv"],
    ["Text/CSV ;charset=UTF-8", "text/csv; charset=utf-8"],
    ["  ", ""],
  ])("normalizeContentType(%j) = %j", (value, expected) => {
    expect(normalizeContentType(value)).toBe(expected);
  });

  it("mediaTypeOf drops parameters", () => {
    expect(mediaTypeOf("Text/CSV; charset=utf-8")).toBe("text/csv");
  });

  it.each<[string, readonly string[], boolean]>([
    ["text/csv", CSV_CONTENT_TYPES, true],
    ["text/plain; charset=iso-8859-1", CSV_CONTENT_TYPES, true],
    ["application/vnd.ms-excel", CSV_CONTENT_TYPES, true],
    ["application/octet-stream", CSV_CONTENT_TYPES, false],
    ["application/x-ofx", OFX_CONTENT_TYPES, true],
    ["application/octet-stream", OFX_CONTENT_TYPES, true],
    ["text/csv", OFX_CONTENT_TYPES, false],
  ])("%s allowed: %s", (contentType, allowed, expected) => {
    expect(isAllowedContentType(contentType, allowed)).toBe(expected);
  });

  it.each([
    ["text/csv", "a.csv", "text/csv"],
    ["", "a.csv", "text/csv"],
    ["application/octet-stream", "A.CSV", "text/csv"],
    ["application/octet-stream", "extrato.ofx", "application/x-ofx"],
    ["", "extrato.qfx", "application/x-ofx"],
    ["application/octet-stream", "arquivo.bin", "application/octet-stream"],
    ["", "sem-extensao", "application/octet-stream"],
    ["image/png", "a.csv", "image/png"],
  ])("part %j named %j is %j", (type, name, expected) => {
    expect(contentTypeOfPart(type, name)).toBe(expected);
  });
});
