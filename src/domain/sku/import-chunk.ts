import type { CostRecord, ProductState, ProductUpsert } from "../../db/sku-import";
import { LINE_NAME_REQUIRED } from "./messages";
import type { SkuLineResult } from "./template";

/** Counts of a SKU import, the job's Result. */
export type SkuImportCounts = { created: number; updated: number; errors: number };

/** What one chunk of lines writes, in one batch. */
export type SkuChunkPlan = {
  /** Final state of each product touched by the chunk, one row per code. */
  upserts: ProductUpsert[];
  costRecords: CostRecord[];
  errors: { line: number; message: string }[];
  counts: SkuImportCounts;
};

/**
 * Plans a chunk: each valid line creates or updates the product of its code, blank cells keeping
 * the current values; a line repeating a code of an earlier line updates the result of that line.
 * A soft-deleted product is restored and counted as created. Lines with errors change nothing.
 */
export function planSkuChunk(
  lines: SkuLineResult[],
  existing: ReadonlyMap<string, ProductState>,
): SkuChunkPlan {
  const known = new Map<string, { state: ProductUpsert; active: boolean }>();
  for (const [code, product] of existing) {
    known.set(code, {
      state: {
        code,
        name: product.name,
        brandId: product.brandId,
        cost: product.cost,
        price: product.price,
        isActive: product.isActive === 0 ? 0 : 1,
      },
      active: product.status === 1,
    });
  }
  const touched = new Map<string, ProductUpsert>();
  const plan: SkuChunkPlan = {
    upserts: [],
    costRecords: [],
    errors: [],
    counts: { created: 0, updated: 0, errors: 0 },
  };
  for (const result of lines) {
    if (!result.ok) {
      plan.counts.errors++;
      for (const message of result.errors) plan.errors.push({ line: result.line, message });
      continue;
    }
    const line = result.value;
    const current = known.get(line.code);
    if (current === undefined && line.name === undefined) {
      plan.counts.errors++;
      plan.errors.push({ line: line.line, message: LINE_NAME_REQUIRED });
      continue;
    }
    const base = current?.state;
    const next: ProductUpsert = {
      code: line.code,
      name: line.name ?? base?.name ?? "",
      brandId: line.brandId ?? base?.brandId ?? null,
      cost: line.cost ?? base?.cost ?? 0,
      price: line.price ?? base?.price ?? 0,
      isActive: line.active ?? base?.isActive ?? 1,
    };
    if (current?.active) plan.counts.updated++;
    else plan.counts.created++;
    known.set(line.code, { state: next, active: true });
    touched.set(line.code, next);
    if (line.cost !== undefined) plan.costRecords.push({ code: line.code, line: line.line, cost: line.cost });
  }
  plan.upserts = [...touched.values()];
  return plan;
}

export function addCounts(a: SkuImportCounts, b: SkuImportCounts): SkuImportCounts {
  return { created: a.created + b.created, updated: a.updated + b.updated, errors: a.errors + b.errors };
}
