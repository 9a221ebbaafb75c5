/// <reference types="node" />
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./run-command";

/** README.md and every page of docs/ (not docs/artifacts/, which is not committed), relative to `base`. */
function documentsOf(base: string): string[] {
  const pages = existsSync(join(base, "docs"))
    ? readdirSync(join(base, "docs"))
        .filter((name) => name.endsWith(".md"))
        .map((name) => `docs/${name}`)
    : [];
  return ["README.md", ...pages.sort()];
}

/** The text outside fenced code blocks, line by line (a fenced line becomes empty, so numbers hold). */
function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split("\n").map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
      return "";
    }
    return fence === undefined ? line : "";
  });
}

/** GitHub's anchor of a heading: its text lowercased, punctuation dropped, each space a hyphen. */
function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link keeps its text
    .replace(/`([^`]*)`/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/(\*\*|__|\*)/g, "");
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a markdown file: one per heading, a repeated one suffixed -1, -2... as GitHub does. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The link targets of a line of prose: `[text](target)` and `[label]: target`, outside code spans. */
function targetsOf(line: string): string[] {
  const prose = line.replace(/`[^`]*`/g, "");
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? "");
  const reference = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose)?.[1];
  return reference ? [...inline, reference] : inline;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/**
 * Every relative link of the documents under `base` that does not resolve: a missing file, or an
 * `#anchor` that no heading of the target page produces. Answers "<file>:<line> <target>: <why>".
 */
function brokenLinks(base: string): string[] {
  const broken: string[] = [];
  const anchors = new Map<string, Set<string>>();
  const anchorsIn = (file: string) => {
    if (!anchors.has(file)) anchors.set(file, anchorsOf(readFileSync(file, "utf8")));
    return anchors.get(file)!;
  };
  for (const document of documentsOf(base)) {
    const file = join(base, document);
    proseLines(readFileSync(file, "utf8")).forEach((line, index) => {
      for (const target of targetsOf(line)) {
        if (isExternal(target)) continue;
        const where = `${document}:${index + 1} ${target}`;
        const [path = "", fragment] = target.split("#", 2);
        const resolved = path === "" ? file : resolve(dirname(file), decodeURIComponent(path));
        if (!resolved.startsWith(base) || !existsSync(resolved)) {
          broken.push(`${where}: no file ${relative(base, resolved)}`);
          continue;
        }
        if (fragment && resolved.endsWith(".md") && !anchorsIn(resolved).has(decodeURIComponent(fragment)))
          broken.push(`${where}: no heading of ${relative(base, resolved)} has the anchor #${fragment}`);
      }
    });
  }
  return broken;
}

/** Every `npm run <script>` (and `npm start`, `npm test`) the documents name that package.json lacks. */
function missingScripts(base: string): string[] {
  const scripts = Object.keys(
    (JSON.parse(readFileSync(join(base, "package.json"), "utf8")) as { scripts?: Record<string, string> })
      .scripts ?? {},
  );
  const missing: string[] = [];
  for (const document of documentsOf(base)) {
    readFileSync(join(base, document), "utf8")
      .split("\n")
      .forEach((line, index) => {
        for (const match of line.matchAll(/\bnpm (?:run(?:-script)? ([\w:.-]+)|(start|test)\b)/g)) {
          const script = (match[1] ?? match[2] ?? "").replace(/[.:]+$/, "");
          if (!scripts.includes(script)) missing.push(`${document}:${index + 1} npm run ${script}`);
        }
      });
  }
  return missing;
}

describe("README.md and docs/*.md", () => {
  it("link only to files and headings that exist", () => {
    expect(brokenLinks(root)).toEqual([]);
  });

  it("name only npm scripts that package.json has", () => {
    expect(missingScripts(root)).toEqual([]);
  });

  it("show the webhook signature code exactly as scripts/lib/verify-webhook.mjs has it", () => {
    const page = readFileSync(join(root, "docs/WEBHOOKS.md"), "utf8");
    const code = /```js\n([\s\S]*?)```/.exec(page)?.[1];
    expect(code).toBe(readFileSync(join(root, "scripts/lib/verify-webhook.mjs"), "utf8"));
  });
});

describe("the documents' checks", () => {
  it("find GitHub's anchors", () => {
    expect(slugOf("Interactive reference: /docs")).toBe("interactive-reference-docs");
    expect(slugOf("What `npm start` does")).toBe("what-npm-start-does");
    expect(slugOf("D1's 1,000 queries per invocation")).toBe("d1s-1000-queries-per-invocation");
    expect(slugOf("Accounts (tenants)")).toBe("accounts-tenants");
    expect(slugOf("Manifestação")).toBe("manifestação");
    expect(slugOf("bench:nfe by distribution")).toBe("benchnfe-by-distribution");
  });

  it("report a missing file, a missing anchor and an unknown script, and nothing in code", () => {
    const base = mkdtempSync(join(tmpdir(), "docs-links-"));
    mkdirSync(join(base, "docs"));
    writeFileSync(join(base, "package.json"), JSON.stringify({ scripts: { start: "x", demo: "y" } }));
    writeFileSync(
      join(base, "README.md"),
      [
        "# Title",
        "See [a](docs/A.md#the-part), [b](docs/B.md), [c](docs/A.md#nowhere) and [d](#title).",
        "Run `npm start`, then `npm run demo`, then `npm run reset`.",
        "Not a link: `[x](docs/C.md)`.",
        "```md",
        "[y](docs/D.md)",
        "```",
        "[e]: docs/E.md",
      ].join("\n"),
    );
    writeFileSync(
      join(base, "docs/A.md"),
      "# A\n\n## The part\n\nBack to the [README](../README.md#title).\n",
    );
    expect(brokenLinks(base)).toEqual([
      "README.md:2 docs/B.md: no file docs/B.md",
      "README.md:2 docs/A.md#nowhere: no heading of docs/A.md has the anchor #nowhere",
      "README.md:8 docs/E.md: no file docs/E.md",
    ]);
    expect(missingScripts(base)).toEqual(["README.md:3 npm run reset"]);
  });
});
