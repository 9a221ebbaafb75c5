import { describe, expect, it } from "vitest";
import { OfxParseError } from "../../../src/domain/ofx/errors";
import { tokenize } from "../../../src/domain/ofx/tokenizer";
import { buildTree, type OfxElement } from "../../../src/domain/ofx/tree";

const tree = (body: string) => buildTree(tokenize(body, 0, 1));

/** The tree as nested arrays: leaves `[NAME, text]`, aggregates `[NAME, [children]]`. */
function shape(element: OfxElement): unknown {
  return element.text === null ? [element.name, element.children.map(shape)] : [element.name, element.text];
}

function failure(body: string): string {
  try {
    tree(body);
  } catch (error) {
    if (error instanceof OfxParseError) return error.message;
    throw error;
  }
  throw new Error("no error");
}

describe("SGML/XML tree", () => {
  it.each([
    [
      "unclosed leaves",
      "<OFX><CODE>0<SEVERITY>INFO</OFX>",
      [
        ["CODE", "0"],
        ["SEVERITY", "INFO"],
      ],
    ],
    [
      "closed leaves (XML)",
      "<OFX><CODE>0</CODE><SEVERITY>INFO</SEVERITY></OFX>",
      [
        ["CODE", "0"],
        ["SEVERITY", "INFO"],
      ],
    ],
    [
      "mixed",
      "<OFX><CODE>0</CODE>\n<SEVERITY>INFO\n</OFX>",
      [
        ["CODE", "0"],
        ["SEVERITY", "INFO"],
      ],
    ],
    ["tags in any case", "<ofx><TrnAmt>-1,00</TRNAMT></Ofx>", [["TRNAMT", "-1,00"]]],
    ["values trimmed", "<OFX><ACCTID>  12345-6  \r\n</OFX>", [["ACCTID", "12345-6"]]],
    ["multi-line value", "<OFX><MEMO>CERTIDAO\nGuia 0011</MEMO></OFX>", [["MEMO", "CERTIDAO\nGuia 0011"]]],
    [
      "empty closed leaf",
      "<OFX><NAME>\n</NAME><FITID></FITID></OFX>",
      [
        ["NAME", ""],
        ["FITID", ""],
      ],
    ],
    [
      "XML empty element",
      "<OFX><NAME/><MEMO>x</MEMO></OFX>",
      [
        ["NAME", ""],
        ["MEMO", "x"],
      ],
    ],
    [
      "empty unclosed leaf before a sibling",
      "<OFX><LEDGERBAL><BALAMT>\n<DTASOF>20190924\n</LEDGERBAL></OFX>",
      [
        [
          "LEDGERBAL",
          [
            ["BALAMT", ""],
            ["DTASOF", "20190924"],
          ],
        ],
      ],
    ],
    [
      "aggregate left open (Nubank's BANKTRANLIST)",
      "<OFX><CCSTMTRS><BANKTRANLIST><STMTTRN><TRNAMT>1</STMTTRN><LEDGERBAL><BALAMT>2</LEDGERBAL></CCSTMTRS></OFX>",
      [
        [
          "CCSTMTRS",
          [
            [
              "BANKTRANLIST",
              [
                ["STMTTRN", [["TRNAMT", "1"]]],
                ["LEDGERBAL", [["BALAMT", "2"]]],
              ],
            ],
          ],
        ],
      ],
    ],
    ["stray end tag ignored", "<OFX><CODE>0</CODE></SEVERITY></OFX>", [["CODE", "0"]]],
    [
      "entities",
      "<OFX><MEMO>A &amp; B &lt;C&gt; &quot;d&quot; &#233;&#xE9;</OFX>",
      [["MEMO", 'A & B <C> "d" éé']],
    ],
    ["entity escaped twice", "<OFX><NAME>TPAY &amp;lt;DEFTPYMT&amp;gt;</OFX>", [["NAME", "TPAY <DEFTPYMT>"]]],
    [
      "bare ampersand kept",
      "<OFX><MEMO>Amazon & Cloud &foo; AT&T</OFX>",
      [["MEMO", "Amazon & Cloud &foo; AT&T"]],
    ],
    [
      "CDATA kept as written",
      "<OFX><NAME><![CDATA[ALDI &amp; <X> ]]></NAME></OFX>",
      [["NAME", "ALDI &amp; <X>"]],
    ],
    ["comments skipped", "<OFX><!-- begin --><CODE>0 <!-- OK -->\n</OFX>", [["CODE", "0"]]],
    ["a < that opens no tag is text", "<OFX><MEMO>A < 5 <= 6</MEMO></OFX>", [["MEMO", "A < 5 <= 6"]]],
    [
      "dotted tag names",
      "<OFX><INTU.BID>00999<AMEX.ROLE>B</OFX>",
      [
        ["INTU.BID", "00999"],
        ["AMEX.ROLE", "B"],
      ],
    ],
    ["content after </OFX> ignored", "<OFX><CODE>0</OFX>\u001a garbage <X", [["CODE", "0"]]],
  ])("%s", (_, body, children) => {
    expect(shape(tree(body))).toEqual(["OFX", children]);
  });

  it("records the line of each element, counting CRLF, LF and bare CR", () => {
    const root = tree("<OFX>\r\n<A>1\r\n<B>2\n<C>3\r<D>4</OFX>");
    expect(root.children.map((c) => [c.name, c.line])).toEqual([
      ["A", 2],
      ["B", 3],
      ["C", 4],
      ["D", 5],
    ]);
  });

  it.each([
    [
      "<OFC><DTD>2</OFC>",
      "Linha 1: o arquivo está no formato OFC (antigo Microsoft Money), não OFX: exporte o extrato em OFX",
    ],
    ["\n<FOO>1</FOO>", "Linha 2: esperado <OFX> no início do conteúdo, encontrado <FOO>"],
    ["<OFX>\n<STMTRS>\nlixo\n</STMTRS></OFX>", 'Linha 3: texto fora de um campo: "lixo"'],
    ["<OFX>\n<X><A>1</A>lixo</X></OFX>", 'Linha 2: texto fora de um campo: "lixo"'],
    ["<OFX>\n<STATUSCODE>0<OFX\n<<USEDE0", 'Linha 2: marcação inválida: "<OFX <<USEDE0"'],
    ["<OFX>\n</ CODE></OFX>", 'Linha 2: marcação inválida: "</ CODE></OFX>"'],
    ["<OFX>\n<A b>1</OFX>", 'Linha 2: marcação inválida: "<A b>1</OFX>"'],
    ["<OFX>\n<!-- sem fim", "Linha 2: comentário <!-- sem fim no arquivo"],
    ["<OFX><NAME><![CDATA[x", "Linha 1: bloco <![CDATA[ sem fim no arquivo"],
    ["<OFX>\n<STMTTRN>\n<TRNAMT>1", "Linha 3: arquivo OFX incompleto: terminou com <TRNAMT> ainda aberto"],
    ["<OFX>\n<STMTTRN>\n", "Linha 2: arquivo OFX incompleto: terminou com <STMTTRN> ainda aberto"],
    ["", "Arquivo OFX sem o bloco <OFX>"],
    [`<OFX>${"<STMTTRN>".repeat(100)}`, "Linha 1: estrutura do arquivo aninhada demais"],
  ])("refuses %j", (body, message) => {
    expect(failure(body)).toBe(message);
  });
});
