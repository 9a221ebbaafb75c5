import { describe, expect, it } from "vitest";
import { integrationKind } from "../../../src/domain/registries/integration-kind";
import { nameKey } from "../../../src/domain/registries/name-key";

describe("nameKey", () => {
  it.each([
    ["Rodoviário", "rodoviario"],
    ["  RODOVIÁRIO  ", "rodoviario"],
    ["Aéreo   Expresso", "aereo expresso"],
    ["Transporte\tFluvial", "transporte fluvial"],
    ["Ação Ç", "acao c"],
    ["Pré-venda", "pre-venda"],
    ["", ""],
  ])("%j -> %j", (name, key) => {
    expect(nameKey(name)).toBe(key);
  });
});

describe("integrationKind", () => {
  it.each([
    ["TEF", "TEF"],
    ["tef", "TEF"],
    [" Pix ", "PIX"],
    ["pIx", "PIX"],
    ["Marketplace", "Marketplace"],
    ["  Gateway X ", "Gateway X"],
    ["pixel", "pixel"],
  ])("%j -> %j", (sent, stored) => {
    expect(integrationKind(sent)).toBe(stored);
  });
});
