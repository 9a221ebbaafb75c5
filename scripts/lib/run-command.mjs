// Runs a command to its end, or until its time is up. The command and everything it starts (npx
// starts wrangler, which starts workerd) run in their own process group, and the whole group is
// killed when the time is up: a child left behind would keep the output open and the caller waiting.
// spawnSync has no such limit that holds: its timeout kills only the first process, then it waits
// for the output to close, blocking its caller's event loop (and a test's timeout with it).
import { spawn } from "node:child_process";

/**
 * Answers `{ status, stdout, stderr }` (the output as text when `capture`, else it goes to this
 * process's own). Rejects when the command does not end within `timeoutMs`, after killing it.
 */
export function runCommand(command, args, { cwd, env = process.env, capture = true, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env,
      detached: true,
      stdio: capture ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
    });
    const stdout = [];
    const stderr = [];
    child.stdout?.on("data", (chunk) => stdout.push(chunk));
    child.stderr?.on("data", (chunk) => stderr.push(chunk));
    const killGroup = () => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    // the group ends with this process too (Ctrl-C during `npm start`)
    process.once("exit", killGroup);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    // what the command left running when it ended would hold its output open: it goes with it
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
        const output = capture ? `\n${text(stdout)}\n${text(stderr)}` : "";
        reject(new Error(`${command} ${args.join(" ")} did not end within ${timeoutMs / 1000} s${output}`));
        return;
      }
      resolve({ status, stdout: text(stdout), stderr: text(stderr) });
    });
  });
}
