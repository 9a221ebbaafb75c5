import { describe, expect, it } from "vitest";
import { qrModules, qrRects } from "../../src/lib/qr-pdf";

/**
 * The encoder against published vectors, read back by a reader written here from ISO/IEC 18004
 * (version 1: 21 x 21 modules; the format information's 15 bits; the 8 data masks; the codewords
 * placed upwards and downwards in column pairs from the bottom-right, column 6 skipped).
 */

const SIZE = 21;

/** Format information of level M with each mask (ISO/IEC 18004, Table C.1: after BCH and the 101010000010010 mask). */
const FORMAT_M = [
  "101010000010010",
  "101000100100101",
  "101111001111100",
  "101101101001011",
  "100010111111001",
  "100000011001110",
  "100111110010111",
  "100101010100000",
];

const MASKS: Array<(i: number, j: number) => boolean> = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

/** The first copy of the format information, most significant bit first (around the top-left finder). */
function formatBits(m: boolean[][]): string {
  const cells: Array<[number, number]> = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  return cells.map(([r, c]) => (m[r]![c] ? "1" : "0")).join("");
}

/** The second copy: bottom-left (bits 14..8 up column 8 from the bottom) and top-right (bits 7..0 along row 8). */
function formatBitsCopy(m: boolean[][]): string {
  const cells: Array<[number, number]> = [
    [20, 8],
    [19, 8],
    [18, 8],
    [17, 8],
    [16, 8],
    [15, 8],
    [14, 8],
    [8, 13],
    [8, 14],
    [8, 15],
    [8, 16],
    [8, 17],
    [8, 18],
    [8, 19],
    [8, 20],
  ];
  return cells.map(([r, c]) => (m[r]![c] ? "1" : "0")).join("");
}

const isFunction = (r: number, c: number) =>
  (r <= 8 && c <= 8) || (r <= 8 && c >= 13) || (r >= 13 && c <= 8) || r === 6 || c === 6;

/** The 26 codewords of a version 1 symbol, unmasked with `mask`. */
function codewords(m: boolean[][], mask: number): number[] {
  const bits: number[] = [];
  let upward = true;
  for (let right = SIZE - 1; right > 0; right -= 2) {
    if (right === 6) right = 5;
    for (let k = 0; k < SIZE; k++) {
      const r = upward ? SIZE - 1 - k : k;
      for (const c of [right, right - 1]) {
        if (isFunction(r, c)) continue;
        bits.push((m[r]![c] ? 1 : 0) ^ (MASKS[mask]!(r, c) ? 1 : 0));
      }
    }
    upward = !upward;
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8).join(""), 2));
  return bytes;
}

/** Reed-Solomon remainder over GF(256), polynomial 0x11d (ISO/IEC 18004, 7.5.2), written here apart. */
function reedSolomon(data: number[], ecCount: number): number[] {
  const exp: number[] = [];
  const log: number[] = new Array(256).fill(0);
  let x = 1;
  for (let i = 0; i < 255; i++) {
    exp[i] = x;
    log[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  const mul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : exp[(log[a]! + log[b]!) % 255]!);
  let generator = [1];
  for (let i = 0; i < ecCount; i++) {
    const next = new Array(generator.length + 1).fill(0);
    generator.forEach((g, j) => {
      next[j] ^= g;
      next[j + 1] ^= mul(g, exp[i]!);
    });
    generator = next;
  }
  const remainder = [...data, ...new Array(ecCount).fill(0)];
  for (let i = 0; i < data.length; i++) {
    const factor = remainder[i]!;
    if (factor === 0) continue;
    generator.forEach((g, j) => {
      remainder[i + j] ^= mul(g, factor);
    });
  }
  return remainder.slice(data.length);
}

const bin = (text: string) => text.split(" ").map((b) => Number.parseInt(b, 2));

function read(m: boolean[][]) {
  const format = formatBits(m);
  const mask = FORMAT_M.indexOf(format);
  return { format, copy: formatBitsCopy(m), mask, words: mask >= 0 ? codewords(m, mask) : [] };
}

describe("qrModules: the QR code encoder", () => {
  it('encodes ISO/IEC 18004 Annex I\'s example "01234567", version 1-M numeric, to its published codewords', () => {
    const m = qrModules("01234567", "M", "Numeric");
    expect(m).toHaveLength(21);
    const { format, copy, mask, words } = read(m);
    expect(mask).toBeGreaterThanOrEqual(0);
    expect(copy).toBe(format);
    // the data and error correction codewords of the standard's worked example
    expect(words).toEqual(
      bin(
        "00010000 00100000 00001100 01010110 01100001 10000000 11101100 00010001 11101100 00010001 " +
          "11101100 00010001 11101100 00010001 11101100 00010001 " +
          "10100101 00100100 11010100 11000001 11101101 00110110 11000111 10000111 00101100 01010101",
      ),
    );
    // the reader's own Reed-Solomon agrees with the published error correction codewords
    expect(reedSolomon(words.slice(0, 16), 10)).toEqual(words.slice(16));
  });

  it("encodes text in byte mode: mode 0100, its length, its bytes, the terminator and pads, and their Reed-Solomon codewords", () => {
    const m = qrModules("NFC-e 65", "M");
    expect(m).toHaveLength(21);
    const { format, copy, mask, words } = read(m);
    expect(mask).toBeGreaterThanOrEqual(0);
    expect(copy).toBe(format);
    const bytes = [...new TextEncoder().encode("NFC-e 65")];
    const bits = [
      "0100",
      (8).toString(2).padStart(8, "0"),
      ...bytes.map((b) => b.toString(2).padStart(8, "0")),
      "0000",
    ].join("");
    const data = bits.match(/.{8}/g)!.map((b) => Number.parseInt(b, 2));
    for (let pad = 0; data.length < 16; pad++) data.push(pad % 2 === 0 ? 0xec : 0x11);
    expect(words.slice(0, 16)).toEqual(data);
    expect(words.slice(16)).toEqual(reedSolomon(data, 10));
  });

  it("grows the version with the text: an NFC-e QR code URL of 180 characters gives a larger symbol with its three finders", () => {
    const url = `https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${"3".repeat(44)}|3|2|20|123.45|2|52998224725|${"A".repeat(40)}`;
    const m = qrModules(url, "M");
    expect(m.length).toBeGreaterThan(21);
    expect((m.length - 17) % 4).toBe(0);
    const n = m.length;
    // a finder: the 7 x 7 ring and its 3 x 3 centre, dark; the ring inside it, light
    const finder = (r0: number, c0: number) => {
      for (let r = 0; r < 7; r++)
        for (let c = 0; c < 7; c++) {
          const ring = r === 0 || r === 6 || c === 0 || c === 6;
          const centre = r >= 2 && r <= 4 && c >= 2 && c <= 4;
          expect(m[r0 + r]![c0 + c]).toBe(ring || centre);
        }
    };
    finder(0, 0);
    finder(0, n - 7);
    finder(n - 7, 0);
  });
});

describe("qrRects", () => {
  it("merges each row's dark runs into one rectangle inside the square, quiet zone included", () => {
    const modules = [
      [true, true, false],
      [false, true, true],
      [true, false, true],
    ];
    // 3 modules + 2 x 1 quiet zone = 5 units of 10 points
    expect(qrRects(modules, 100, 200, 50, 1)).toEqual([
      { x: 110, y: 210, width: 20, height: 10 },
      { x: 120, y: 220, width: 20, height: 10 },
      { x: 110, y: 230, width: 10, height: 10 },
      { x: 130, y: 230, width: 10, height: 10 },
    ]);
  });
});
