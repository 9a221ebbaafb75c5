// Node side of the OFX tests (a vitest globalSetup of the "unit" and "workers" projects). The queue
// tests run inside workerd, which cannot read the file system, so the fixture bytes are read here once
// per run and handed over as base64 through vitest's provide/inject (`fixtures.ts`), the same way to
// both projects. Base64 keeps every byte: CP1252 text, bare CRs.
//
// - MIT fixtures: copied in this repository, `test/fixtures/ofx/` (see NOTICE.md there);
// - GPL fixtures (ofxtools, libofx, ofxgo) stay out of the repository: read from the team's
//   collection `../shared/fixtures/ofx/` when it sits next to the repository, else left out (their
//   tests are skipped).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const repository = fileURLToPath(new URL("../../../", import.meta.url));
const inRepository = join(repository, "test/fixtures/ofx");
const shared = join(repository, "../shared/fixtures/ofx");
const gplSources = ["ofxtools", "libofx", "ofxgo"];
const fixtureName = /\.(ofx|qfx|ofc|xml|sgml)$/i;

function readFolder(base, folder, into) {
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) readFolder(base, path, into);
    else if (fixtureName.test(name))
      into[relative(base, path).split("\\").join("/")] = readFileSync(path).toString("base64");
  }
}

export default function setup(project) {
  const files = {};
  readFolder(inRepository, inRepository, files);
  for (const source of gplSources) readFolder(shared, join(shared, source), files);
  project.provide("ofxFixtures", files);
}
