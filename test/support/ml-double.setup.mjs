// The Mercado Livre double of the hub tests (a vitest globalSetup): starts ml-double-server.mjs in a
// Node process of its own, on loopback, and hands its URL to the tests (`inject("mlDoubleUrl")`, see
// ml-double.ts).
import { forkDouble } from "./fork-double.mjs";

export default async function setup(project) {
  const double = await forkDouble(new URL("./ml-double-server.mjs", import.meta.url), "Mercado Livre double");
  project.provide("mlDoubleUrl", double.url);
  return double.stop;
}
