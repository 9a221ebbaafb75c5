// The SEFAZ authorizer double of the NF-e emission tests (a vitest globalSetup): starts
// sefaz-authorizer-double-server.mjs in a Node process of its own, on loopback, and hands its URL and
// the test certificate and key (test-only, self-signed, never a real company's; the same pair as the
// event double's) to the tests (`inject("sefazAuthorizerDouble")`, see sefaz-authorizer-double.ts).
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";

export default async function setup(project) {
  const child = fork(new URL("./sefaz-authorizer-double-server.mjs", import.meta.url), { stdio: "inherit" });
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`SEFAZ authorizer double exited with ${code}`)));
  });
  project.provide("sefazAuthorizerDouble", {
    url: `http://127.0.0.1:${port}`,
    certificatePem: readFileSync(new URL("./sefaz-event-double-cert.pem", import.meta.url), "utf8"),
    keyPem: readFileSync(new URL("./sefaz-event-double-key.pem", import.meta.url), "utf8"),
  });
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill();
    });
}
