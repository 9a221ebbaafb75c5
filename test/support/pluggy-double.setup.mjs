// The Pluggy double of the Open Finance tests (a vitest globalSetup): starts pluggy-double-server.mjs in a Node
// process of its own, on loopback, and hands its URL to the tests (`inject("pluggyDoubleUrl")`,
// see pluggy-double.ts).
import { fork } from "node:child_process";

export default async function setup(project) {
  const child = fork(new URL("./pluggy-double-server.mjs", import.meta.url), { stdio: "inherit" });
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`Pluggy double exited with ${code}`)));
  });
  project.provide("pluggyDoubleUrl", `http://127.0.0.1:${port}`);
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill();
    });
}
