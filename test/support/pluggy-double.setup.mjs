// The Pluggy double of the Open Finance tests (a vitest globalSetup): starts pluggy-double-server.mjs in a Node
// process of its own, on loopback, and hands its URL to the tests (`inject("pluggyDoubleUrl")`,
// see pluggy-double.ts).
import { forkDouble } from "./fork-double.mjs";

export default async function setup(project) {
  const double = await forkDouble(new URL("./pluggy-double-server.mjs", import.meta.url), "Pluggy double");
  project.provide("pluggyDoubleUrl", double.url);
  return double.stop;
}
