// OFX parser throughput: a generated 10,000-transaction CP1252 SGML file (about 1.35 MB, accented
// memos), parsed by the project's parser (src/domain/ofx, bundled for Node as the Worker runs it),
// by ofx-data-extractor and by ofx-js, in the same run, interleaved. The floor is the least any
// parser does: decode the bytes (TextDecoder windows-1252) and cut every tag name and text out of
// the text in one pass. Prints MB/s of each and the parser's ratio to the floor; exits 1 below
// 20 MB/s or past the target ratio.
//   npm run bench:parse [-- --transactions 10000 --rounds 15]
import { parseArgs } from "node:util";
import { Ofx } from "ofx-data-extractor";
import { parseSync as ofxJsParse } from "ofx-js";
import { checkAtLeast, checkRatio, interleaved, median } from "./lib/bench-report.mjs";
import { bundleForNode } from "./lib/bench-worker.mjs";

const { values: options } = parseArgs({
  options: {
    transactions: { type: "string", default: "10000" },
    rounds: { type: "string", default: "15" },
  },
});
const TRANSACTIONS = Number(options.transactions);
const ROUNDS = Number(options.rounds);
const MIN_MB_PER_S = 20;
const MAX_RATIO = 12;
const ZONE = "America/Sao_Paulo";

const MEMOS = [
  "PIX RECEBIDO JOSÉ DA CONCEIÇÃO",
  "PAGAMENTO DE TÍTULO FORNECEDOR",
  "TARIFA PACOTE SERVIÇOS",
  "TRANSFERÊNCIA ENTRE CONTAS",
  "COMPRA CARTÃO DÉBITO PADARIA",
  "DEPÓSITO EM DINHEIRO AGÊNCIA",
];
const pad = (n, width) => String(n).padStart(width, "0");

/** The file as text; every character is in windows-1252 (Latin-1 range), encoded byte by byte. */
function ofxText(count) {
  const parts = [
    "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\n",
    "COMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n",
    "<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<DTSERVER>20240630120000[-3:BRT]\n<LANGUAGE>POR\n</SONRS>\n",
    "</SIGNONMSGSRSV1>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n",
    "</STATUS>\n<STMTRS>\n<CURDEF>BRL\n<BANKACCTFROM>\n<BANKID>0341\n<ACCTID>12345-6\n",
    "<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n<BANKTRANLIST>\n<DTSTART>20240101\n<DTEND>20240630\n",
  ];
  for (let i = 0; i < count; i++) {
    const day = `2024${pad(1 + ((i / 1700) | 0), 2)}${pad(1 + (i % 28), 2)}`;
    const cents = 1 + ((i * 7919) % 500_000);
    const debit = i % 3 !== 0;
    parts.push(
      `<STMTTRN>\n<TRNTYPE>${debit ? "DEBIT" : "CREDIT"}\n<DTPOSTED>${day}${pad(8 + (i % 10), 2)}0000[-3:BRT]\n`,
      `<TRNAMT>${debit ? "-" : ""}${(cents / 100).toFixed(2)}\n<FITID>${pad(i, 10)}\n`,
      `<MEMO>${MEMOS[i % MEMOS.length]} ${i}\n</STMTTRN>\n`,
    );
  }
  parts.push("</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>1234.56\n<DTASOF>20240630\n</LEDGERBAL>\n");
  parts.push("</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n");
  return parts.join("");
}

function cp1252Bytes(text) {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) throw new Error(`not windows-1252: ${text[i]}`);
    bytes[i] = code;
  }
  return bytes;
}

/** The floor: decode, then cut every tag name and the text after it, in one pass over the char codes. */
function floorScan(bytes) {
  const text = new TextDecoder("windows-1252").decode(bytes);
  let fields = 0;
  let checksum = 0;
  let i = text.indexOf("<OFX>");
  while (i !== -1 && i < text.length) {
    const close = text.indexOf(">", i);
    const name = text.slice(i + 1, close);
    const next = text.indexOf("<", close);
    const end = next === -1 ? text.length : next;
    const value = text.slice(close + 1, end).trim();
    checksum += name.length + value.length;
    fields++;
    i = next;
  }
  return { fields, checksum };
}

const domain = await bundleForNode({ "src/domain/ofx/index.ts": ["parseOfx"] });
const bytes = cp1252Bytes(ofxText(TRANSACTIONS));
const buffer = Buffer.from(bytes);
const megabytes = bytes.byteLength / 1024 / 1024;

// Each parser must read the whole file (guards against measuring a parser that gave up early).
const ours = domain.parseOfx(bytes, { timeZone: ZONE });
const ourCount = ours.statements[0].transactions.length;
const extractorCount = Ofx.fromBuffer(buffer).getBankTransferList().length;
const ofxJsList = ofxJsParse(new TextDecoder("windows-1252").decode(bytes)).OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS
  .BANKTRANLIST.STMTTRN;
for (const [name, count] of [
  ["project", ourCount],
  ["ofx-data-extractor", extractorCount],
  ["ofx-js", ofxJsList.length],
]) {
  if (count !== TRANSACTIONS) throw new Error(`${name} read ${count} of ${TRANSACTIONS} transactions`);
}
if (ours.statements[0].transactions[1].memo !== `${MEMOS[1]} 1`)
  throw new Error("the project's parser misread a memo");

console.log(
  `${TRANSACTIONS.toLocaleString("en-US")} transactions, ${megabytes.toFixed(2)} MB windows-1252 SGML; ` +
    `median of ${ROUNDS} interleaved rounds (Node ${process.version})\n`,
);
const timings = await interleaved(
  {
    "floor (decode + one-pass tag/text scan)": () => floorScan(bytes),
    "project parser (src/domain/ofx)": () => domain.parseOfx(bytes, { timeZone: ZONE }),
    "ofx-data-extractor": () => Ofx.fromBuffer(buffer).getBankTransferList(),
    "ofx-js": () => ofxJsParse(new TextDecoder("windows-1252").decode(bytes)),
  },
  { rounds: ROUNDS, warmUp: 3 },
);
const medians = Object.fromEntries(Object.entries(timings).map(([name, list]) => [name, median(list)]));
const width = Math.max(...Object.keys(medians).map((n) => n.length));
for (const [name, ms] of Object.entries(medians)) {
  console.log(
    `${name.padEnd(width)}  ${ms.toFixed(1).padStart(7)} ms  ${(megabytes / (ms / 1000)).toFixed(1).padStart(7)} MB/s`,
  );
}
const project = medians["project parser (src/domain/ofx)"];
console.log(
  `\nproject parser vs ofx-data-extractor: ${(medians["ofx-data-extractor"] / project).toFixed(1)}x faster, ` +
    `vs ofx-js: ${(medians["ofx-js"] / project).toFixed(1)}x faster\n`,
);
checkRatio("project parser / floor", project, medians["floor (decode + one-pass tag/text scan)"], MAX_RATIO);
checkAtLeast("project parser throughput", megabytes / (project / 1000), MIN_MB_PER_S, "MB/s");
