// The SEFAZ authorizer double of the NF-e emission tests (a vitest globalSetup): starts
// sefaz-authorizer-double-server.mjs in a Node process of its own, on loopback, and hands its URL and
// the test certificate and key (test-only, self-signed, never a real company's; the same pair as the
// event double's) to the tests (`inject("sefazAuthorizerDouble")`, see sefaz-authorizer-double.ts).
import { readFileSync } from "node:fs";
import { forkDouble } from "./fork-double.mjs";

export default async function setup(project) {
  const double = await forkDouble(
    new URL("./sefaz-authorizer-double-server.mjs", import.meta.url),
    "SEFAZ authorizer double",
  );
  project.provide("sefazAuthorizerDouble", {
    url: double.url,
    certificatePem: readFileSync(new URL("./sefaz-event-double-cert.pem", import.meta.url), "utf8"),
    keyPem: readFileSync(new URL("./sefaz-event-double-key.pem", import.meta.url), "utf8"),
  });
  return double.stop;
}
