import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  endToEndIdParts,
  isCnpj,
  isCpf,
  isEndToEndId,
  isReceivedTxid,
  isTxid,
  makeEndToEndId,
} from "../../../src/domain/pix/identifiers";
import { useSeed } from "../../support/replay";

useSeed();

describe("API Pix identifiers", () => {
  it("takes a charge's txid of 26 to 35 letters and digits only", () => {
    expect(isTxid("a".repeat(26))).toBe(true);
    expect(isTxid(`Ab9${"x".repeat(32)}`)).toBe(true);
    expect(isTxid("a".repeat(25))).toBe(false);
    expect(isTxid("a".repeat(36))).toBe(false);
    for (const bad of ["-", "_", " ", "ç", "/", "."]) {
      expect(isTxid(`${"a".repeat(29)}${bad}`), bad).toBe(false);
    }
    expect(isReceivedTxid("a")).toBe(true);
    expect(isReceivedTxid("")).toBe(false);
    expect(isReceivedTxid("a".repeat(36))).toBe(false);
  });

  it("builds endToEndIds of the manual's form and reads them back", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2020-11-16T00:00:00Z"),
          max: new Date("2099-12-31T23:59:00Z"),
          noInvalidDate: true,
        }),
        fc.uint8Array({ minLength: 11, maxLength: 11 }),
        fc.stringMatching(/^[0-9A-Z]{8}$/),
        (at, bytes, ispb) => {
          const id = makeEndToEndId(ispb, at, bytes);
          expect(id).toHaveLength(32);
          expect(isEndToEndId(id)).toBe(true);
          const parts = endToEndIdParts(id);
          expect(parts?.ispb).toBe(ispb);
          expect(parts?.at.getTime()).toBe(Math.floor(at.getTime() / 60_000) * 60_000);
          expect(parts?.sequence).toMatch(/^[a-zA-Z0-9]{11}$/);
        },
      ),
    );
    expect(makeEndToEndId("12345678", new Date("2026-11-25T09:07:00Z"), new Uint8Array(11))).toBe(
      "E12345678202611250907AAAAAAAAAAA",
    );
  });

  it("refuses endToEndIds of another form or an impossible date", () => {
    expect(endToEndIdParts("E12345678202602300907AAAAAAAAAAA")).toBeNull(); // 30 February
    expect(endToEndIdParts("E12345678202611252407AAAAAAAAAAA")).toBeNull(); // hour 24
    expect(endToEndIdParts("D12345678202611250907AAAAAAAAAAA")).toBeNull(); // a return id
    expect(endToEndIdParts("E1234567820261125090AAAAAAAAAAA")).toBeNull(); // 31 characters
    expect(isEndToEndId("E1234567820261125090AAAAAAAAAAA")).toBe(false);
    expect(isEndToEndId("E12345678202611250907AAAAAAAAAA-")).toBe(false);
    expect(() => makeEndToEndId("1234567", new Date(), new Uint8Array(11))).toThrow(RangeError);
    expect(() => makeEndToEndId("12345678", new Date(), new Uint8Array(10))).toThrow(RangeError);
  });

  it("knows a CPF (11 digits) from an alphanumeric CNPJ (14 characters [0-9A-Z])", () => {
    expect(isCpf("12345678909")).toBe(true);
    expect(isCpf("123.456.789-09")).toBe(false);
    expect(isCpf("1234567890")).toBe(false);
    expect(isCnpj("12345678000195")).toBe(true);
    expect(isCnpj("12ABC34501DE35")).toBe(true);
    expect(isCnpj("12abc34501de35")).toBe(false);
    expect(isCnpj("12.345.678/0001-95")).toBe(false);
  });
});
