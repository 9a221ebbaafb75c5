import { describe, expect, it } from "vitest";
import { crc16Ccitt, dynamicBrCode, hasValidCrc } from "../../../src/domain/pix/br-code";

/** The EMV fields of a BR Code: ID, two-digit length, value, in order. */
function fields(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < text.length; ) {
    const id = text.slice(i, i + 2);
    const length = Number(text.slice(i + 2, i + 4));
    out.push([id, text.slice(i + 4, i + 4 + length)]);
    i += 4 + length;
  }
  return out;
}

describe("BR Code of a dynamic Pix charge", () => {
  it("computes CRC-16/CCITT-FALSE (check value of '123456789' is 29B1)", () => {
    expect(crc16Ccitt("123456789")).toBe("29B1");
    expect(crc16Ccitt("")).toBe("FFFF");
  });

  it("writes the manual's fields in order, ending with a CRC over the whole text", () => {
    const code = dynamicBrCode({
      location: "https://pix.psp.example/qr/v2/9d36b84fc70b478fb95c12729b90ca25",
      merchantName: "Comércio São João de Ação Ltda ME",
      merchantCity: "São José dos Campos",
    });
    expect(fields(code)).toEqual([
      ["00", "01"],
      ["01", "12"],
      ["26", "0014br.gov.bcb.pix2554pix.psp.example/qr/v2/9d36b84fc70b478fb95c12729b90ca25"],
      ["52", "0000"],
      ["53", "986"],
      ["58", "BR"],
      ["59", "Comercio Sao Joao de Acao"],
      ["60", "Sao Jose dos Ca"],
      ["62", "0503***"],
      ["63", code.slice(-4)],
    ]);
    expect(hasValidCrc(code)).toBe(true);
    expect(code.slice(-8, -4)).toBe("6304");
  });

  it("notices a changed character", () => {
    const code = dynamicBrCode({
      location: "psp.example/qr/v2/abc",
      merchantName: "Loja",
      merchantCity: "Recife",
    });
    const tampered = code.replace("Recife", "Recifa");
    expect(hasValidCrc(tampered)).toBe(false);
    expect(hasValidCrc(code.slice(0, -1))).toBe(false);
  });

  it("refuses a location the field cannot hold", () => {
    expect(() => dynamicBrCode({ location: "", merchantName: "L", merchantCity: "C" })).toThrow(RangeError);
    expect(() => dynamicBrCode({ location: "x".repeat(78), merchantName: "L", merchantCity: "C" })).toThrow(
      RangeError,
    );
  });
});
