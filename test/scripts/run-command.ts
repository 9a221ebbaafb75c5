/// <reference types="node" />
import { join } from "node:path";
import { pathToFileURL } from "node:url";

type RunCommand = (
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
) => Promise<{ status: number | null; stdout: string; stderr: string }>;

export const root = join(import.meta.dirname, "../..");

/** A JavaScript module of the repository (its path from the root), typed as the caller declares it. */
export const loadModule = <T>(path: string) => import(pathToFileURL(join(root, path)).href) as Promise<T>;

/**
 * scripts/lib/run-command.mjs for the tests of the scripts: the command and what it starts are killed
 * when it takes too long (a spawnSync would block the test's own timeout).
 */
export const runCommand: RunCommand = async (command, args, options) => {
  const module = await loadModule<{ runCommand: RunCommand }>("scripts/lib/run-command.mjs");
  return module.runCommand(command, args, options);
};
