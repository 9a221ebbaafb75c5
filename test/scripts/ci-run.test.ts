/// <reference types="node" />
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root, runCommand } from "./run-command";

/**
 * .ci/run on a copy of the repository's script, with `apt-get`, `sudo`, `npm` and `id` replaced by
 * stubs that log their arguments, and a PATH that holds `xmllint` only when asked: what it installs.
 */
async function ciRun({ xmllint }: { xmllint: boolean }) {
  const dir = mkdtempSync(join(tmpdir(), "ci-run-"));
  mkdirSync(join(dir, ".ci"));
  copyFileSync(join(root, ".ci/run"), join(dir, ".ci/run"));
  const bin = join(dir, "bin");
  mkdirSync(bin);
  const log = join(dir, "calls.log");
  const stub = (name: string, body = `echo "${name} $*" >> "${log}"`) => {
    writeFileSync(join(bin, name), `#!/bin/bash\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  for (const name of ["apt-get", "sudo", "npm"]) stub(name);
  stub("id", "echo 0");
  stub("dirname", 'exec /usr/bin/dirname "$@"');
  if (xmllint) stub("xmllint");
  const result = await runCommand("/bin/bash", [join(dir, ".ci/run")], {
    cwd: dir,
    env: { PATH: bin, HOME: dir },
    timeoutMs: 30_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : [];
}

/** Chromium is looked for at its Debian path, which this machine may or may not have. */
const chromium = existsSync("/usr/bin/chromium") ? [] : ["chromium"];

describe(".ci/run installs the Debian packages the tests need, when missing", () => {
  it("installs libxml2-utils (xmllint) when xmllint is not on the PATH, with one apt-get update for every package", async () => {
    const calls = await ciRun({ xmllint: false });
    expect(calls.filter((call) => call.startsWith("apt-get update"))).toEqual(["apt-get update -qq"]);
    expect(calls).toContain(["apt-get install -y -qq", ...chromium, "libxml2-utils"].join(" "));
    expect(calls.slice(-2)).toEqual(["npm ci", "npm test"]);
  });

  it("leaves libxml2-utils alone when xmllint is there", async () => {
    const calls = await ciRun({ xmllint: true });
    expect(calls.join("\n")).not.toContain("libxml2-utils");
    const apt = calls.filter((call) => call.startsWith("apt-get"));
    expect(apt).toEqual(chromium.length > 0 ? ["apt-get update -qq", "apt-get install -y -qq chromium"] : []);
    expect(calls.slice(-2)).toEqual(["npm ci", "npm test"]);
  });
});
