import { describe, expect, it } from "vitest";
import { recipientIeIndicator } from "../../../src/domain/registries/consumers";
import { changeWithinUf, type StoredAddress } from "../../../src/domain/registries/fiscal-address";

const CHANGED = "Cliente alterado por outra requisição ao mesmo tempo, tente novamente";

/**
 * A stored row whose address a concurrent change may move between the check and the write: `moves`
 * lists the pairs the row holds at each read; the write lands only while the pair it was checked
 * against is still the stored one (what the db guard does in SQL).
 */
function row(moves: StoredAddress[]) {
  let stored = moves[0]!;
  let reads = 0;
  const writes: StoredAddress[] = [];
  return {
    writes,
    read: async () => {
      stored = moves[Math.min(reads, moves.length - 1)]!;
      reads++;
      return stored;
    },
    /** The write of a change checked against `expected`, while a concurrent change moves the row to the next pair. */
    update: async (expected: StoredAddress) => {
      writes.push(expected);
      const now = moves[Math.min(reads, moves.length - 1)]!;
      return now.cityCode === expected.cityCode && now.uf === expected.uf ? now : undefined;
    },
  };
}

describe("changeWithinUf: a municipality never lands outside its UF, even between two concurrent changes", () => {
  it("writes when the stored pair is still the one checked", async () => {
    const r = row([{ cityCode: "3550308", uf: "SP" }]);
    await expect(changeWithinUf({ cityCode: "3509502" }, r.read, r.update, CHANGED)).resolves.toEqual({
      cityCode: "3550308",
      uf: "SP",
    });
    expect(r.writes).toEqual([{ cityCode: "3550308", uf: "SP" }]);
  });

  it("checks again against the pair a concurrent change left, and refuses a municipality now outside the UF", async () => {
    // The UF moved to RJ (with a Rio municipality) between the first check and the write of a new SP municipality.
    const r = row([
      { cityCode: "3550308", uf: "SP" },
      { cityCode: "3304557", uf: "RJ" },
    ]);
    await expect(changeWithinUf({ cityCode: "3509502" }, r.read, r.update, CHANGED)).rejects.toMatchObject({
      message:
        "CityCode 3509502 não é de um município de RJ: o código IBGE dos municípios de RJ começa com 33",
    });
    expect(r.writes).toHaveLength(1);
  });

  it("gives up after 3 moved pairs with the registry's message", async () => {
    const moves = [
      { cityCode: null, uf: "SP" },
      { cityCode: null, uf: "RJ" },
      { cityCode: null, uf: "MG" },
      { cityCode: null, uf: "PR" },
    ];
    const update = async () => undefined;
    let reads = 0;
    const read = async () => moves[reads++]!;
    await expect(changeWithinUf({ uf: "BA" }, read, update, CHANGED)).rejects.toMatchObject({
      message: CHANGED,
    });
    expect(reads).toBe(3);
  });
});

describe("recipientIeIndicator: indIEDest from the document and the state registration", () => {
  it.each([
    ["11222333000181", "110042490114", 1],
    ["11222333000181", "ISENTO", 2],
    ["11222333000181", null, 9],
    ["12ABC34501DE35", "110042490114", 1],
    ["11144477735", "110042490114", 9],
    ["11144477735", "ISENTO", 9],
    ["11144477735", null, 9],
    [null, null, 9],
  ] as const)("document %s, IE %s: %i", (document, ie, indicator) => {
    expect(recipientIeIndicator(document, ie)).toBe(indicator);
  });
});
