import { env } from "cloudflare:test";
import Mustache from "mustache";
import { beforeAll, describe, expect, it } from "vitest";
import { renderTemplate, type TrackingMessageData } from "../../../src/domain/events/templates";
import { resendStatements, trackingTransitionStatements } from "../../../src/domain/events/tracking-messages";
import { client, signIn } from "../../support/api";
import { eventsOfType } from "../../support/event-factories";
import { seedAccounts } from "../../support/seed";
import { demoDb } from "../../support/statement-factories";
import { eventually } from "../../support/webhook-receiver";

let api: ReturnType<typeof client>;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

const data = (over: Partial<TrackingMessageData["Order"]> = {}): TrackingMessageData => ({
  Order: {
    IDOrder: 1001,
    Number: "1001",
    CustomerName: "Maria <Silva>",
    CustomerEmail: "maria@example.com",
    Total: "149.90",
    ...over,
  },
  Tracking: {
    IDTrackingStatus: 3,
    Status: "em rota de entrega",
    PreviousStatus: "postado",
    Code: "BR123456789BR",
    Url: null,
    Carrier: "Correios",
    ChangedAt: "2026-11-23 14:30:00",
  },
  Company: { Name: "Demo Comércio" },
});

describe("templates: Mustache inside workerd", () => {
  it("renders placeholders and sections in the Workers runtime, plain text for e-mail and webhook", () => {
    expect(navigator.userAgent).toBe("Cloudflare-Workers");
    const text = renderTemplate(
      "Olá {{Order.CustomerName}}, pedido {{Order.Number}} {{Tracking.Status}}{{#Tracking.Code}} ({{Tracking.Code}}){{/Tracking.Code}}{{^Tracking.Url}}.{{/Tracking.Url}}",
      data(),
    );
    expect(text).toBe("Olá Maria <Silva>, pedido 1001 em rota de entrega (BR123456789BR).");
    expect(Mustache.render("{{x}}", { x: "<b>" })).toBe("&lt;b&gt;");
  });
});

describe("tracking message registry", () => {
  it("creates, lists, changes and deletes templates; one per status and channel", async () => {
    const created = await api.post("/tracking-message", {
      IDTrackingStatus: 57,
      TypeMessage: 2,
      Body: "Pedido {{Order.Number}}: {{Tracking.Status}}",
    });
    expect(created.status).toBe(200);
    const [row] = created.body;
    expect(row).toMatchObject({ IDTrackingStatus: 57, TypeMessage: 2, Subject: null, Active: 1 });
    const twice = await api.post("/tracking-message", { IDTrackingStatus: 57, TypeMessage: 2, Body: "x" });
    expect(twice.body).toMatchObject({
      errorMessage: "Já existe uma mensagem para este status de rastreio e tipo de mensagem",
    });
    expect((await api.get("/tracking-message?IDTrackingStatus=57")).body).toEqual([row]);
    const changed = await api.put(`/tracking-message/${row!.IDTrackingMessage}`, { Active: 0 });
    expect(changed.body[0]).toMatchObject({
      Active: 0,
      Body: "Pedido {{Order.Number}}: {{Tracking.Status}}",
    });
    const other = client("demo", await signIn("demo", "filial@demo.local"));
    expect((await other.get(`/tracking-message/${row!.IDTrackingMessage}`)).body).toEqual([]);
    expect((await other.delete(`/tracking-message/${row!.IDTrackingMessage}`)).body).toMatchObject({
      errorMessage: "Mensagem de rastreio não existe",
    });
    expect((await api.delete(`/tracking-message/${row!.IDTrackingMessage}`)).body).toBe("sucesso");
  });

  it("refuses templates that do not parse, use unknown fields or partials, and e-mail without subject", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ TypeMessage: 1, Body: "Olá" }, "Assunto obrigatório para mensagem de e-mail"],
      [
        { TypeMessage: 2, Body: "{{#Order.Number}}sem fim" },
        'Modelo inválido: Unclosed section "Order.Number" at 24',
      ],
      [{ TypeMessage: 2, Body: "{{Order.Password}}" }, "Campo desconhecido no modelo: Order.Password"],
      [
        { TypeMessage: 1, Subject: "{{constructor}}", Body: "x" },
        "Campo desconhecido no modelo: constructor",
      ],
      [
        { TypeMessage: 2, Body: "{{> cabecalho}}" },
        "Modelo inválido: modelos parciais ({{> ...}}) não são aceitos",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await api.post("/tracking-message", { IDTrackingStatus: 58, ...body });
      expect({ body, answer: response.body }).toEqual({
        body,
        answer: expect.objectContaining({ errorMessage: message }),
      });
    }
  });
});

describe("firing on a tracking status transition", () => {
  it("renders the status's templates into the mail outbox and a tracking.message event, in the caller's batch", async () => {
    await api.post("/tracking-message", {
      IDTrackingStatus: 3,
      TypeMessage: 1,
      Subject: "Pedido {{Order.Number}} {{Tracking.Status}}",
      Body: "Olá {{Order.CustomerName}}, rastreio {{Tracking.Code}} ({{Tracking.Carrier}}).",
    });
    await api.post("/tracking-message", {
      IDTrackingStatus: 3,
      TypeMessage: 2,
      Body: "{{Order.Number}} → {{Tracking.Status}}",
    });
    const db = demoDb();
    const transition = { companyId: 1, fromStatusId: 2, toStatusId: 3, data: data() };
    const statements = await trackingTransitionStatements(db, transition);
    expect(statements).toHaveLength(3);
    await db.batch(statements as [never, ...never[]]);

    const [changed] = await eventsOfType("tracking.status_changed");
    expect(changed!.payload).toEqual({
      IDOrder: 1001,
      IDTrackingStatusFrom: 2,
      IDTrackingStatus: 3,
      TrackingCode: "BR123456789BR",
      ChangedAt: "2026-11-23 14:30:00",
    });
    const [message] = await eventsOfType("tracking.message");
    expect(message!.payload).toMatchObject({
      IDOrder: 1001,
      IDTrackingStatus: 3,
      Message: "1001 → em rota de entrega",
    });

    // the events consumer sends the e-mail through the local mail adapter; GET /mail/outbox reads it
    await env.EVENTS.send({ kind: "dispatch", account: "demo" });
    const mail = await eventually(async () => {
      const [first] = (await api.get("/mail/outbox")).body;
      return first?.Status === "Sent" ? first : undefined;
    });
    expect(mail).toMatchObject({
      To: "maria@example.com",
      Subject: "Pedido 1001 em rota de entrega",
      Body: "Olá Maria <Silva>, rastreio BR123456789BR (Correios).",
      Transport: "local",
      Error: null,
    });

    // Resend with TypeMessage 1: the e-mail again, no status event
    const again = await resendStatements(db, transition, 1);
    expect(again).toHaveLength(1);
    await db.batch(again as [never, ...never[]]);
    expect(await eventsOfType("tracking.status_changed")).toHaveLength(1);
    expect((await api.get("/mail/outbox")).body).toHaveLength(2);

    // an order without an e-mail gets no e-mail, still the webhook message
    const noMail = await trackingTransitionStatements(db, {
      ...transition,
      data: data({ CustomerEmail: null }),
    });
    expect(noMail).toHaveLength(2);
  });
});
