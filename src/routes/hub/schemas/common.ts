import { z } from "@hono/zod-openapi";

export const HUB_TAG = "Hub" as const;

export const money = z.number().openapi({ type: "number", multipleOf: 0.01, example: 149.9 });
