/// <reference types="node" />
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

/** The layers the area map of docs/ARCHITECTURE.md lines up, in the order of its columns. */
const LAYERS = ["src/routes", "src/domain", "src/db"] as const;
type Layer = (typeof LAYERS)[number];

/** What the tree holds: the folders of routes and domain; the files and folders (`events/`) of db. */
function entriesOf(layer: Layer): string[] {
  return readdirSync(join(root, layer), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || layer === "src/db")
    .map((entry) => (entry.isDirectory() && layer === "src/db" ? `${entry.name}/` : entry.name))
    .sort();
}

type AreaRow = { area: string; names: Record<Layer, string[]> };

/**
 * The rows of the table under "## Area map". A cell lists its names in backticks; a cell that opens
 * with `—` names nothing in that layer (what follows is a remark).
 */
function areaMap(): AreaRow[] {
  const text = readFileSync(join(root, "docs/ARCHITECTURE.md"), "utf8");
  const start = text.indexOf("\n## Area map\n");
  if (start < 0) throw new Error('docs/ARCHITECTURE.md has no "## Area map" section');
  const end = text.indexOf("\n## ", start + 1);
  const lines = text.slice(start, end < 0 ? undefined : end).split("\n");
  const rows = lines.filter((line) => line.startsWith("|")).slice(2); // the header and its rule
  return rows.map((line) => {
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length !== 4) throw new Error(`area map row without 4 cells: ${line}`);
    const [area = "", ...layers] = cells;
    const names = Object.fromEntries(
      LAYERS.map((layer, i) => {
        const cell = layers[i] ?? "";
        return [
          layer,
          cell.startsWith("—") ? [] : [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ""),
        ];
      }),
    ) as Record<Layer, string[]>;
    return { area, names };
  });
}

describe("the area map of docs/ARCHITECTURE.md", () => {
  const map = areaMap();

  it("has rows", () => {
    expect(map.length).toBeGreaterThan(10);
  });

  for (const layer of LAYERS) {
    it(`names every entry of ${layer} exactly once, and nothing that is not there`, () => {
      const mapped = map.flatMap((row) => row.names[layer]);
      const duplicates = mapped.filter((name, i) => mapped.indexOf(name) !== i);
      expect(duplicates, `named in more than one area of ${layer}`).toEqual([]);
      expect([...mapped].sort(), `the ${layer} column of the area map against the tree`).toEqual(
        entriesOf(layer),
      );
    });
  }
});
