import { afterEach } from "vitest";

/**
 * The Worker's structured log lines (src/lib/log.ts, one per request at least) are held here and
 * handed to vitest once per test, from the test's own context, instead of one call each from the
 * request's context.
 *
 * Vitest sends every console call to its main process and waits for each answer before it ends a
 * file. A call made from another I/O context (a request through `exports.default.fetch`, a queue
 * delivery, a `waitUntil`) cannot be sent from there: the workers pool keeps it until the runner's
 * next message. One made after the file's last message is never sent, so the file never ends and
 * its vitest worker takes no other file (cloudflare/workers-sdk#15498, #15565): a stall mid-run
 * leaves the run one worker short, at the end the run does not end. Lines held here make no call;
 * the lines of a test are printed by `afterEach`, as one call in the test's context, so a failed
 * test still shows them (`silent: "passed-only"`); the lines written once a file has ended (its
 * queue still settling) are dropped with the next file's start.
 */

const STRUCTURED_LINE = /^\{"level":"/;
const METHODS = ["log", "info", "warn", "error", "debug"] as const;
type Method = (typeof METHODS)[number];

/** Kept on the runtime's global object, which outlives the files of the vitest worker. */
const store = globalThis as { __heldLogLines?: { method: Method; line: string }[] };
store.__heldLogLines = [];
const held = store.__heldLogLines;

type Write = (...args: unknown[]) => void;

/**
 * The console's own methods, per console object (a method read back is not the function assigned:
 * the console vitest gives a file wraps what is assigned to it).
 */
const stores = globalThis as { __consoleOriginals?: WeakMap<Console, Map<Method, Write>> };
stores.__consoleOriginals ??= new WeakMap();
const originalsOf = stores.__consoleOriginals;

// vitest may give each file a console of its own: wrap the one this file sees, once
if (!originalsOf.has(console)) {
  const originals = new Map<Method, Write>();
  originalsOf.set(console, originals);
  for (const method of METHODS) {
    const original = console[method] as Write;
    originals.set(method, original);
    console[method] = (...args: unknown[]) => {
      if (args.length === 1 && typeof args[0] === "string" && STRUCTURED_LINE.test(args[0])) {
        store.__heldLogLines!.push({ method, line: args[0] });
        return;
      }
      original.apply(console, args);
    };
  }
}

/** Writes through the console's own method, in the test's context. */
function emit(method: "log" | "error", text: string): void {
  const target = globalThis.console;
  const original = originalsOf.get(target)?.get(method) ?? (target[method] as Write);
  original.call(target, text);
}

afterEach(() => {
  if (held.length === 0) return;
  const lines = held.splice(0);
  const isProblem = (entry: { method: Method }) => entry.method === "error" || entry.method === "warn";
  const other = lines.filter((entry) => !isProblem(entry));
  const problems = lines.filter(isProblem);
  if (other.length > 0) emit("log", other.map((entry) => entry.line).join("\n"));
  if (problems.length > 0) emit("error", problems.map((entry) => entry.line).join("\n"));
});
