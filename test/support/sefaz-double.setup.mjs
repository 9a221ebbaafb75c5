// The SEFAZ distribution double of the workers tests (a vitest globalSetup): starts
// sefaz-double-server.mjs in a Node process of its own, on loopback, and hands its URL to the tests
// (`inject("sefazDoubleUrl")`, see sefaz-double.ts).
import { forkDouble } from "./fork-double.mjs";

export default async function setup(project) {
  const double = await forkDouble(new URL("./sefaz-double-server.mjs", import.meta.url), "SEFAZ double");
  project.provide("sefazDoubleUrl", double.url);
  return double.stop;
}
