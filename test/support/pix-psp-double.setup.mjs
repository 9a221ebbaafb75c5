// The PSP double of the Pix tests (a vitest globalSetup): starts pix-psp-double-server.mjs in a Node
// process of its own, on loopback, and hands its URL to the tests (`inject("pixPspDoubleUrl")`,
// see pix-psp-double.ts).
import { forkDouble } from "./fork-double.mjs";

export default async function setup(project) {
  const double = await forkDouble(new URL("./pix-psp-double-server.mjs", import.meta.url), "PSP double");
  project.provide("pixPspDoubleUrl", double.url);
  return double.stop;
}
