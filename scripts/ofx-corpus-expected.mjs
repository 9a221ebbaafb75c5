// Writes test/domain/ofx/corpus-expected.ts: what each file of the OFX collection holds, read a
// second way, apart from the product's parser (src/domain/ofx). This is a plain regex reading of
// the raw bytes: statements are the <STMTRS>/<CCSTMTRS> openings, transactions the <STMTTRN>
// blocks, amounts are decimal strings turned into cents with BigInt (half away from zero on the
// third decimal), dates are DTPOSTED's digits moved to São Paulo by their offset with Intl. For the
// broken or non-OFX files the expected value is the message the product chose (ERRORS below): no
// second reading can derive a wording.
//
//   node scripts/ofx-corpus-expected.mjs [--shared <dir>] [--check]
//
// The MIT files are in test/fixtures/ofx/; the GPL ones (ofxtools, libofx, ofxgo) only in the
// team's collection, `../shared/fixtures/ofx/` next to the repository by default. `--check`
// compares with the committed file instead of writing it (exit code 1 on a difference).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const repository = fileURLToPath(new URL("../", import.meta.url));
const { values: options } = parseArgs({
  options: {
    shared: { type: "string", default: join(repository, "../shared/fixtures/ofx") },
    check: { type: "boolean", default: false },
  },
});
const output = join(repository, "test/domain/ofx/corpus-expected.ts");
const GPL_SOURCES = ["ofxtools", "libofx", "ofxgo"];
const FIXTURE_NAME = /\.(ofx|qfx|ofc|xml|sgml)$/i;
const ZONE = "America/Sao_Paulo";

/** Files the product refuses, with the reason it gives (its own wording, fixed by the tests). */
const ERRORS = {
  "libofx/failing-ofx-file1.xml": "Linha 1: o arquivo não está no formato OFX",
  "libofx/heap-buffer-overflow-1.ofx": "Linha 4: extrato sem conta, lançamentos nem saldo",
  "libofx/heap-buffer-overflow-2.ofx": "Linha 1: o arquivo não está no formato OFX",
  "libofx/null-ptr-deref-1.ofx": 'Linha 3: marcação inválida: "<OFX <<USEDE0 </SIGN"',
  "libofx/use-after-free.ofx":
    "Linha 1: o arquivo está no formato OFC (antigo Microsoft Money), não OFX: exporte o extrato em OFX",
  "ofx-reader/BancodoBrasil.ofc":
    "Linha 1: o arquivo está no formato OFC (antigo Microsoft Money), não OFX: exporte o extrato em OFX",
  "ofx_kit/malformed.ofx": "Arquivo OFX sem o bloco <OFX>",
  "ofx_kit/malformed_ofx2.ofx": 'Linha 10: texto fora de um campo: "THIS IS NOT VALID XML"',
  "ofxparse/error_message.ofx": "Linha 22: o banco respondeu com erro 2000: General Server Error",
  "ofxparse/fail_nice/date_missing.ofx": "Linha 33: lançamento sem DTPOSTED",
  "ofxparse/fail_nice/decimal_error.ofx": 'Linha 37: TRNAMT inválido: "$120"',
};

function listFiles(base, folder, into) {
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) listFiles(base, path, into);
    else if (FIXTURE_NAME.test(name)) into.set(relative(base, path).split("\\").join("/"), path);
  }
}

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what the header claims is not trusted). */
function decode(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const decodeEntities = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    if (name[0] === "#")
      return String.fromCodePoint(
        name[1] === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** The text of the first `<TAG>` in `block`, up to the next tag or line end; undefined when absent. */
function field(block, tag) {
  const match = new RegExp(`<${tag}>([^<\\r\\n]*)`, "i").exec(block);
  return match ? decodeEntities(match[1]).trim() : undefined;
}

/** `-1.234,56`, `1,234.56`, `-995.4190`: cents by BigInt, half away from zero on the third decimal. */
function cents(text) {
  let compact = text.replace(/\s/g, "").replace(/\u2212/g, "-");
  const negative = compact.startsWith("-");
  compact = compact.replace(/^[+-]/, "");
  const decimalMark = Math.max(compact.lastIndexOf(","), compact.lastIndexOf("."));
  const whole = (decimalMark === -1 ? compact : compact.slice(0, decimalMark)).replace(/[.,]/g, "") || "0";
  const fraction = decimalMark === -1 ? "" : compact.slice(decimalMark + 1);
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) throw new Error(`amount "${text}"`);
  const thousandths = BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, "0").slice(0, 3));
  const value = Number((thousandths + 5n) / 10n);
  return negative ? -value : value;
}

const dayIn = new Intl.DateTimeFormat("en-CA", {
  timeZone: ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** DTPOSTED `YYYYMMDD[HHMMSS[.XXX]][offset[:TZ]]` as a São Paulo calendar day. */
function postedDay(text) {
  const match =
    /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?(?:\.\d+)?\s*(?:\[\s*([+-]?\d+(?:\.\d+)?)\s*(?::[^\]]*)?\])?/.exec(
      text,
    );
  if (!match) throw new Error(`date "${text}"`);
  const [, y, mo, d, h = "00", mi = "00", s = "00", offset] = match;
  if (offset === undefined) return `${y}-${mo}-${d}`;
  const hours = Number(offset);
  const instant = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - hours * 3_600_000;
  return dayIn.format(new Date(instant));
}

function read(bytes) {
  const text = decode(bytes);
  const statements = (text.match(/<(?:CC)?STMTRS>/gi) ?? []).length;
  const blocks = text
    .split(/<STMTTRN>/i)
    .slice(1)
    .map((block) => block.split(/<\/STMTTRN>|<\/BANKTRANLIST>/i)[0]);
  const days = blocks.map((block) => postedDay(field(block, "DTPOSTED") ?? "")).sort();
  const fitIds = blocks.map((block) => field(block, "FITID") ?? "").join("\n");
  return {
    statements,
    transactions: blocks.length,
    sum: blocks.reduce((total, block) => total + cents(field(block, "TRNAMT") ?? ""), 0),
    fitIds: createHash("sha256").update(fitIds, "utf8").digest("hex").slice(0, 12),
    first: days[0] ?? null,
    last: days.at(-1) ?? null,
  };
}

const files = new Map();
listFiles(join(repository, "test/fixtures/ofx"), join(repository, "test/fixtures/ofx"), files);
for (const source of GPL_SOURCES) listFiles(options.shared, join(options.shared, source), files);
if (![...files.keys()].some((path) => GPL_SOURCES.some((source) => path.startsWith(`${source}/`)))) {
  console.error(`The GPL files of the collection are missing: pass --shared <dir of the OFX collection>.`);
  process.exit(2);
}

const rows = [...files.keys()].sort().map((path) => {
  const expected = path in ERRORS ? { error: ERRORS[path] } : read(readFileSync(files.get(path)));
  return `  ${JSON.stringify(path)}: ${JSON.stringify(expected)},`;
});

const source = `export type Expected =
  | {
      statements: number;
      transactions: number;
      sum: number;
      fitIds: string;
      first: string | null;
      last: string | null;
    }
  | { error: string };

/**
 * Every file of the team's OFX collection (\`../shared/fixtures/ofx/\`, ${files.size} files; the MIT ones are
 * copied in \`test/fixtures/ofx/\`). Statement and transaction counts, the sum of TRNAMT in cents
 * (rounded half away from zero), a digest of the FITIDs in file order (SHA-256 of the FITIDs
 * joined by a line feed, empty for a missing one) and the first/last posting day in São Paulo,
 * read apart from the product's parser by \`scripts/ofx-corpus-expected.mjs\` (a regex reading of
 * the raw bytes), which writes this file. For broken or non-OFX files, \`error\` is the message we chose.
 */
export const EXPECTED: Record<string, Expected> = {
${rows.join("\n")}
};
`;

// the same formatting as the rest of the code
const formatted = spawnSync(
  join(repository, "node_modules/.bin/biome"),
  ["format", `--stdin-file-path=${output}`],
  { input: source, encoding: "utf8", cwd: repository, timeout: 30_000 },
);
if (formatted.status !== 0) throw new Error(formatted.stderr);

if (options.check) {
  const same = readFileSync(output, "utf8") === formatted.stdout;
  console.log(same ? "corpus-expected.ts matches the files" : "corpus-expected.ts differs from the files");
  process.exit(same ? 0 : 1);
}
writeFileSync(output, formatted.stdout);
console.log(`wrote ${relative(repository, output)}: ${files.size} files`);
