/// <reference types="node" />
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";

const DEMO = join(import.meta.dirname, "../../scripts/demo.mjs");

/**
 * Runs `npm run demo`'s script against the local server, as a child process, the way a developer
 * points it at `PORT=<port> npm start`: only PORT (a port other than 8787), and the default address,
 * `demo.localhost`, which Node's resolver does not know here.
 */
function runDemo(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { API_URL: _ignored, ...env } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DEMO], {
      env: { ...env, PORT: String(inject("apiPort")) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run demo", () => {
  it("walks the whole mission against the local server and exits 0", async () => {
    const { code, stdout, stderr } = await runDemo();
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).toContain(`demo against http://demo.localhost:${inject("apiPort")}/1.0`);
    expect(stdout).toContain("conciliado automaticamente");
    expect(stdout).toContain("Done: 70 steps passed.");
    expect(stdout).toMatch(/X-Signature t=\d+,v1=[0-9a-f]+… verified/);
    expect(stdout).toContain("40 on stock, average cost 13.50");
    expect(stdout).toContain("second apply: Inventário já foi aplicado e não pode ser aplicado novamente");
    expect(stdout).toContain("on stock 20, reserved 3, available 17");
    expect(stdout).toContain("saída   3 @ 8.00 -> saldo 17");
    expect(stdout).toMatch(/line \d+ conciliado automaticamente by rule \d+\n/);
    expect(stdout).toContain("Balance -1710.00 (order-to-cash 90.00 in)");
    expect(stdout).toContain(
      'Result {"items":1,"matched":1,"unmatched":0,"supplierCreated":1,"purchased":1}',
    );
    expect(stdout).toMatch(
      /purchase \d+ "Entregue, aguardando conferência" in .+: 24 x ERVA-\d+ @ 6\.25, total 150\.00\n/,
    );
    expect(stdout).toMatch(/ {2}#\d+ entrada 24 @ 6\.25 -> saldo 24 \(depósito \d+\), custo médio 6\.25\n/);
    expect(stdout).toMatch(
      /payable \d+: Compra \d+ - parcela 1\/1 \(NF-e \d+\), 150\.00 due \d{4}-\d{2}-\d{2}, Aberto\n/,
    );
    expect(stdout).toMatch(/line \d+ -150\.00 conciliado automaticamente by rule \d+\n/);
    expect(stdout).toMatch(/payable \d+ Pago\n/);
    expect(stdout).toContain("Balance -1860.00 (purchase-to-pay 150.00 out)");
    expect(stdout).toMatch(/integration \d+ "[^"]+": Authenticated, credentials stored encrypted\n/);
    expect(stdout).toContain(
      '"pulled":11,"created":11,"duplicates":0,"updated":0,"unmapped":0,"settlements":4',
    );
    expect(stdout).toMatch(/SBX-3 +receivable (\d+\.\d\d) +gross \1 .* conciliated\n/);
    expect(stdout).toMatch(/SBX-11 +receivable .* divergent\n/);
    // collection: the CNAB return, the OFX credit of the day, the Pix charge paid by webhook
    expect(stdout).toContain(
      'Result {"settled":2,"alreadySettled":0,"unknown":0,"rejected":0,"ignored":0,"tariffs":2}',
    );
    expect(stdout).toMatch(/Boleto 501 \d+: paid 303\.50 \(interest 3\.50, tariff 2\.50\)/);
    expect(stdout).toMatch(
      /bank line \d+ \(750\.00\) reconciled with the receipts \d+ \+ \d+: status 3, difference 0\n/,
    );
    expect(stdout).toMatch(
      /bank line \d+: 189\.90 from .+ \(52998224725\), TxId \w+, reconciled automatically \(status 2\)\n/,
    );
    expect(stdout).toMatch(/title \d+ paid; charge \w+ CONCLUIDA\n/);
    // SEFAZ: three summaries brought by the distribution job, one confirmed (210200), its full XML
    // brought by the next distribution to the same line, its purchase received
    expect(stdout).toMatch(
      /job \d+ \(SefazDistribution\): Done, Result \{"calls":1,"documents":3,"summaries":3,"full":0,[^\n]*"imports":0/,
    );
    expect(stdout.match(/: summary of NF-e \d+ from /g)).toHaveLength(3);
    expect(stdout).toMatch(/SEFAZ: 135 Evento registrado e vinculado a NF-e, protocol \d{15} at /);
    expect(stdout).toMatch(/sent again: 400 SEFAZ rejeitou o evento: 573 - /);
    expect(stdout).toMatch(
      /procNFe -> job \d+ \(NFeXML\) Done -> feed \d+ \(the same line, its 210200 kept\)/,
    );
    expect(stdout).toMatch(/purchase \d+ "[^"]+": 12 x TORRA-\d+ @ 12\.50, 1 payable written\n/);
    // Mercado Livre against its double: connected by credentials, pulled, a cancellation notified
    expect(stdout).toMatch(/integration \d+ "Mercado Livre[^"]*": Authenticated as VENDEDOR\d+/);
    expect(stdout).toContain('"pulled":6,"created":6,"duplicates":0,"updated":0,"unmapped":0');
    expect(stdout).toMatch(/notification orders_v2 \/orders\/\d+: 200 \{"Result":"queued"\}/);
    expect(stdout).toMatch(/order \d+ "[^"]+" \(status 10\): its reservation released/);
    // NF-e emission against the authorizer double: authorized, DANFE and XML downloaded, CC-e, cancelled
    expect(stdout).toMatch(/NF-e \d+: Authorized, SEFAZ: 100 [^\n]*, protocol \d{15} at /);
    expect(stdout).toContain("stock before: 10 on stock");
    expect(stdout).toContain("stock after the authorization: 8 on stock");
    expect(stdout).toMatch(/DANFE: \d+ bytes of PDF -> \S+-danfe\.pdf\n/);
    expect(stdout).toMatch(/nfeProc \(signed NF-e \+ protNFe \d{15}\): \d+ characters -> \S+-procNFe\.xml\n/);
    expect(stdout).toMatch(/CC-e 110110 sequence 1: SEFAZ 135 /);
    expect(stdout).toMatch(/NF-e \d+ Cancelled: event 110111, SEFAZ 135 /);
    expect(stdout).toContain("stock 8 before the cancellation, 10 after: the 2 units returned");
    // SVC contingency: SP stopped, the next NF-e authorized by SVC-AN with tpEmis 6
    expect(stdout).toMatch(/NFe authorizer SP \(model 55\): 109 Serviço Paralisado sem Previsão/);
    expect(stdout).toMatch(/NF-e \d+: Authorized by SVC-AN \(EmissionType 6\), SEFAZ: 100 /);
    expect(stdout).toMatch(/ContingencyMode SVC-AN since \d{4}-\d\d-\d\dT/);
    // NFC-e: a counter sale with change, its QR code in the 80 mm DANFE; offline, then transmitted
    expect(stdout).toMatch(/NFC-e \d+ number \d+ series 1: Authorized, SEFAZ: 100 /);
    expect(stdout).toMatch(/QR code \(version 3\): \S+\?p=\d{44}\|3\|[12]\n/);
    expect(stdout).toContain("pag: tPag 01, vPag 50.00, vTroco 15.00");
    expect(stdout).toMatch(/DANFE NFC-e: \d+ bytes of PDF, 226\.\d+ pt wide \(80 mm\)/);
    expect(stdout).toMatch(/and the QR code \(\d+ rectangles drawn\)/);
    expect(stdout).toMatch(/NFC-e \d+ number \d+: Offline, /);
    expect(stdout).toMatch(/NFC-e \d+: Authorized, SEFAZ: 100 [^\n]*, protocol \d{15}, key \d{34}9\d{9}\n/);
    // Open Finance: three pending lines posted, the sale renamed by the aggregator keeps its
    // reconciliation, the same day's OFX adds nothing
    expect(stdout).toMatch(/feed: State \w+, 3 pending lines \(141\.00\), never reconciled\n/);
    expect(stdout).toMatch(/line \d+ kept, still reconciled, now id of-\d+-1b\n/);
    expect(stdout).toContain("3 lines on the statement: each movement once, whichever source brought it");
    // the shop asks for it at once (POST /nfe/{id}/transmit) instead of waiting for the job's next minute
    expect(stdout).toMatch(/POST \/nfe\/\d+\/transmit: 202, (Offline|Authorized) /);
    // the whole mission over HTTP against a local server (and its doubles) on a shared machine
  }, 180_000);
});
