import fc from "fast-check";
import { beforeEach, inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Seed of every random choice of the fuzz and invariant suites in this run (`TEST_SEED` replays one). */
    testSeed: number;
  }
}

/**
 * Random choices that replay. One seed per `vitest` run (from `TEST_SEED`, or drawn by
 * vitest.config.ts); every property of fast-check and every random byte, id or shuffle of a suite
 * that calls `useSeed()` derives from it, and a failing test prints it:
 * `TEST_SEED=<seed> npx vitest run <file>` runs the same cases again (in whichever project holds the file).
 */
export const TEST_SEED: number = inject("testSeed");

/** Seeds fast-check for this file and prints the seed when one of its tests fails. */
export function useSeed(): void {
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: TEST_SEED });
  beforeEach(({ onTestFailed, task }) => {
    onTestFailed(() => {
      console.error(`"${task.fullName}" failed with seed ${TEST_SEED}: replay with TEST_SEED=${TEST_SEED}`);
    });
  });
}

/** FNV-1a of the label, mixed with the seed: each label gets its own sequence. */
function streamSeed(label: string): number {
  let hash = 0x811c9dc5 ^ TEST_SEED;
  for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** A deterministic generator of floats in [0, 1) for `label` (mulberry32 over the run's seed). */
export function seededRandom(label: string): () => number {
  let state = streamSeed(label);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `length` bytes from a seeded generator. */
export function seededBytes(random: () => number, length: number): Uint8Array {
  return Uint8Array.from({ length }, () => Math.floor(random() * 256));
}

/** A version-4-shaped UUID from a seeded generator (unique enough inside one run). */
export function seededUuid(random: () => number): string {
  const hex = Array.from(seededBytes(random, 16), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
