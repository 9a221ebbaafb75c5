// Starts one loopback double (a Node server module that reports `{ port }` to its parent once it
// listens) in a process of its own, for a vitest globalSetup: answers its URL and the teardown that
// ends it. Every double's `*.setup.mjs` goes through here.
import { fork } from "node:child_process";

/**
 * @param {URL} serverModule the double's server module
 * @param {string} party named in the error when the double exits before it listens
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function forkDouble(serverModule, party) {
  const child = fork(serverModule, { stdio: "inherit" });
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${party} exited with ${code}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill();
    });
  return { url: `http://127.0.0.1:${port}`, stop };
}
