// The SEFAZ event service double of the manifest tests (a vitest globalSetup): starts
// sefaz-event-double-server.mjs in a Node process of its own, on loopback, and hands its URL and the
// test certificate and key (test-only, self-signed, never a real company's) to the tests
// (`inject("sefazEventDouble")`, see sefaz-event-double.ts).
import { readFileSync } from "node:fs";
import { forkDouble } from "./fork-double.mjs";

export default async function setup(project) {
  const double = await forkDouble(
    new URL("./sefaz-event-double-server.mjs", import.meta.url),
    "SEFAZ event double",
  );
  project.provide("sefazEventDouble", {
    url: double.url,
    certificatePem: readFileSync(new URL("./sefaz-event-double-cert.pem", import.meta.url), "utf8"),
    keyPem: readFileSync(new URL("./sefaz-event-double-key.pem", import.meta.url), "utf8"),
  });
  return double.stop;
}
