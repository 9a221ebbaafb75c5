import { z } from "@hono/zod-openapi";
import type { CarrierModalRow } from "../../../db/registries/carrier-modals";
import { idField, idPath, jsonOk, requiredText } from "../../../http/schemas";

export const CarrierModalSchema = z
  .object({
    IDCarrierModal: idField("Id da modalidade"),
    CarrierModal: z.string().openapi({ description: "Nome da modalidade", example: "Rodoviário" }),
  })
  .openapi("CarrierModal");

export const CarrierModalListSchema = z.array(CarrierModalSchema).openapi("CarrierModalList");

export const CarrierModalBodySchema = z
  .object({
    CarrierModal: requiredText("CarrierModal", 100).openapi({
      description: "Nome, único na empresa sem diferenciar maiúsculas, acentos e espaços nas pontas",
      example: "Rodoviário",
    }),
  })
  .openapi("CarrierModalBody");

export const modalParams = z.object({ idcarriermodal: idPath("idcarriermodal") });
export const refreshedList = jsonOk(
  CarrierModalListSchema,
  "A lista atualizada de modalidades, ordenada por nome",
);
export const errors = (...messages: string[]) => `400: ${messages.map((m) => `\`${m}\``).join(", ")}.`;

export const listBody = (rows: CarrierModalRow[]) =>
  rows.map((row) => ({ IDCarrierModal: row.id, CarrierModal: row.name }));
