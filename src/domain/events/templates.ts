import Mustache from "mustache";
import { badRequest } from "../../lib/errors";
import { EVENT_MESSAGES as M } from "./messages";

/**
 * What a tracking message can say: the order and tracking data of a transition. Templates are
 * Mustache (logic-less: no code, nothing compiled at run time, which Workers forbid anyway), e.g.
 * `Olá {{Order.CustomerName}}, o pedido {{Order.Number}} está {{Tracking.Status}}{{#Tracking.Code}} ({{Tracking.Code}}){{/Tracking.Code}}.`
 */
export type TrackingMessageData = {
  Order: {
    IDOrder: number;
    Number: string;
    CustomerName: string | null;
    CustomerEmail: string | null;
    Total: string;
  };
  Tracking: {
    IDTrackingStatus: number;
    Status: string;
    PreviousStatus: string | null;
    Code: string | null;
    Url: string | null;
    Carrier: string | null;
    ChangedAt: string;
  };
  Company: { Name: string };
};

/** Every placeholder a template may use. */
export const TEMPLATE_FIELDS = [
  "Order.IDOrder",
  "Order.Number",
  "Order.CustomerName",
  "Order.CustomerEmail",
  "Order.Total",
  "Tracking.IDTrackingStatus",
  "Tracking.Status",
  "Tracking.PreviousStatus",
  "Tracking.Code",
  "Tracking.Url",
  "Tracking.Carrier",
  "Tracking.ChangedAt",
  "Company.Name",
] as const;

const KNOWN = new Set<string>(TEMPLATE_FIELDS);

/** Longest template accepted. */
export const MAX_TEMPLATE_LENGTH = 10_000;

type Token = [string, string, number, number, Token[]?, ...unknown[]];

function namesOf(tokens: Token[], into: string[]): string[] {
  for (const token of tokens) {
    const [type, value, , , children] = token;
    if (type === ">") throw badRequest(M.templateInvalid("modelos parciais ({{> ...}}) não são aceitos"));
    if (type === "name" || type === "&" || type === "#" || type === "^") into.push(value);
    if (children) namesOf(children, into);
  }
  return into;
}

/** Refuses a template Mustache cannot parse or that names a field outside `TEMPLATE_FIELDS`. */
export function checkTemplate(template: string): void {
  let tokens: Token[];
  try {
    tokens = Mustache.parse(template) as Token[];
  } catch (error) {
    throw badRequest(M.templateInvalid(error instanceof Error ? error.message : String(error)));
  }
  const unknown = namesOf(tokens, []).find((name) => !KNOWN.has(name));
  if (unknown !== undefined) throw badRequest(M.templateUnknownField(unknown));
}

/** Renders a checked template as plain text (e-mail text and webhook message: no HTML escaping). */
export function renderTemplate(template: string, data: TrackingMessageData): string {
  return Mustache.render(template, data, {}, { escape: (text: string) => text });
}
