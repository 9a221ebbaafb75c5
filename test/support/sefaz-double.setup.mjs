// The SEFAZ distribution double of the workers tests (a vitest globalSetup): starts
// sefaz-double-server.mjs in a Node process of its own, on loopback, and hands its URL to the tests
// (`inject("sefazDoubleUrl")`, see sefaz-double.ts).
import { fork } from "node:child_process";

export default async function setup(project) {
  const child = fork(new URL("./sefaz-double-server.mjs", import.meta.url), { stdio: "inherit" });
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`SEFAZ double exited with ${code}`)));
  });
  project.provide("sefazDoubleUrl", `http://127.0.0.1:${port}`);
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill();
    });
}
