import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The expected values of the OFX corpus test are written by a script that reads the files apart
// from the product's parser; the committed table must be what that script computes today.
const repository = fileURLToPath(new URL("../../", import.meta.url));
const shared = fileURLToPath(new URL("../../../shared/fixtures/ofx/libofx", import.meta.url));

describe("test/domain/ofx/corpus-expected.ts", () => {
  it.skipIf(!existsSync(shared))("is what scripts/ofx-corpus-expected.mjs computes from the files", () => {
    const run = spawnSync(process.execPath, ["scripts/ofx-corpus-expected.mjs", "--check"], {
      cwd: repository,
      encoding: "utf8",
      // a hang fails the test instead of blocking it past its own timeout (the script's biome has one too)
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("corpus-expected.ts matches the files");
    expect(run.status).toBe(0);
  });
});
