// Runs a command to its end, or until its time is up. The command and everything it starts (npx
// starts wrangler, which starts workerd) run in their own process group, and the whole group is
// killed when the time is up: a child left behind would keep the output open and the caller waiting.
// spawnSync has no such limit that holds: its timeout kills only the first process, then it waits
// for the output to close, blocking its caller's event loop (and a test's timeout with it).
import { spawn } from "node:child_process";

/** Sends `signal` to the process group led by `pid` (a child spawned `detached`); nothing when it is gone. */
export function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone
  }
}

/**
 * Answers `{ status, stdout, stderr }`, the output as text. Rejects when the command does not end
 * within `timeoutMs`, after killing it.
 */
export function runCommand(command, args, { cwd, env = process.env, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const stdout = [];
    const stderr = [];
    child.stdout.on("data", (chunk) => stdout.push(chunk));
    child.stderr.on("data", (chunk) => stderr.push(chunk));
    // the group is killed when the time is up, when the command ends (what it left running would
    // hold its output open, and the caller with it) and when this process exits first
    const killGroup = () => signalGroup(child.pid, "SIGKILL");
    process.once("exit", killGroup);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.once("exit", killGroup);
    child.once("error", (error) => {
      clearTimeout(timer);
      process.off("exit", killGroup);
      reject(error);
    });
    child.once("close", (status) => {
      clearTimeout(timer);
      process.off("exit", killGroup);
      const text = (chunks) => Buffer.concat(chunks).toString("utf8");
      if (timedOut) {
        const output = `${text(stdout)}\n${text(stderr)}`;
        reject(
          new Error(`${command} ${args.join(" ")} did not end within ${timeoutMs / 1000} s:\n${output}`),
        );
        return;
      }
      resolve({ status, stdout: text(stdout), stderr: text(stderr) });
    });
  });
}
