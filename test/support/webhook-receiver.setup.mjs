// A real webhook receiver for the workers tests (a vitest globalSetup): starts
// webhook-receiver-server.mjs in a Node process of its own, on loopback, and hands its URL to the
// tests (`inject("webhookReceiverUrl")`, see webhook-receiver.ts).
import { forkDouble } from "./fork-double.mjs";

export default async function setup(project) {
  const double = await forkDouble(
    new URL("./webhook-receiver-server.mjs", import.meta.url),
    "webhook receiver",
  );
  project.provide("webhookReceiverUrl", double.url);
  return double.stop;
}
