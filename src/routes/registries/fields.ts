import { z } from "@hono/zod-openapi";
import { nfeTextCharacter, nfeTextControl, nfeTextLength } from "../../domain/company/messages";
import { idBody } from "../../http/schemas";
import { codePointName, nfeTextIssue } from "../../lib/nfe-text";

/** Fields only the registries use; those other areas share are in `src/http/schemas.ts`. */

export const documentField = z.string().nullable().openapi({
  description: "CPF ou CNPJ sem pontuação (o CNPJ alfanumérico em maiúsculas, ex. `12ABC34501DE35`)",
  example: "11222333000181",
});

/** An optional reference to another registry in a body; null clears it. */
export const nullableIdBody = (name: string, description: string) =>
  idBody(name)
    .nullable()
    .optional()
    .openapi({ type: ["integer", "null"], format: "int32", description });

/** A row of a registry whose only field is a description (document types, payment types, cost centers). */
export type DescribedRow = { id: number; description: string; status: number };

/**
 * Text that will reach the NF-e XML (the layout's `TString`): spaces at either end are dropped, an empty
 * text (or null) clears the field; a control character (line breaks, tabs), a character beyond U+00FF
 * (emoji, typographic dashes and quotes) or a length outside `min`..`max` is a 400 naming the field.
 */
export const nfeTextBody = (name: string, max: number, { min = 1, description = "" } = {}) =>
  z
    .string({ error: `${name} deve ser um texto` })
    .transform((text, ctx) => {
      const trimmed = text.trim();
      if (trimmed === "") return null;
      const issue = nfeTextIssue(trimmed);
      const message =
        issue?.kind === "control"
          ? nfeTextControl(name)
          : issue?.kind === "character"
            ? nfeTextCharacter(name, codePointName(issue.codePoint))
            : trimmed.length < min || trimmed.length > max
              ? nfeTextLength(name, min, max)
              : undefined;
      if (message === undefined) return trimmed;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    })
    .nullable()
    .optional()
    .openapi({
      type: ["string", "null"],
      maxLength: max,
      description:
        `${description} Texto da NF-e: de ${min} a ${max} caracteres entre U+0020 e U+00FF (letras acentuadas aceitas; sem quebras de linha, controles, emoji ou travessões tipográficos); espaços nas pontas são removidos; vazio ou null apaga.`.trim(),
    });

/**
 * A code of digits that may be written with punctuation (`0901.21.00`): the characters of `punctuation`
 * are dropped, and what is left must match `digits`; an empty text (or null) clears the field; anything
 * else, a number included, is a 400 with `message`.
 */
export const digitCodeBody = (digits: RegExp, message: string, punctuation = /[.\-/\s]/g) =>
  z
    .string({ error: message })
    .transform((text, ctx) => {
      if (text.trim() === "") return null;
      const code = text.replace(punctuation, "");
      if (digits.test(code)) return code;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    })
    .nullable()
    .optional();
