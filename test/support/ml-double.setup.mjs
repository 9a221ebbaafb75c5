// The Mercado Livre double of the hub tests (a vitest globalSetup): starts ml-double-server.mjs in a
// Node process of its own, on loopback, and hands its URL to the tests (`inject("mlDoubleUrl")`, see
// ml-double.ts).
import { fork } from "node:child_process";

export default async function setup(project) {
  const child = fork(new URL("./ml-double-server.mjs", import.meta.url), { stdio: "inherit" });
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`Mercado Livre double exited with ${code}`)));
  });
  project.provide("mlDoubleUrl", `http://127.0.0.1:${port}`);
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill();
    });
}
