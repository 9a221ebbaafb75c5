import type { OfxElement } from "./tree";

/** First child named `name`. */
export function child(element: OfxElement, name: string): OfxElement | undefined {
  return element.children.find((c) => c.name === name);
}

/** Trimmed text of the first child leaf named `name`; null when absent or empty. */
export function leaf(element: OfxElement, name: string): string | null {
  const text = child(element, name)?.text?.trim();
  return text ? text : null;
}
