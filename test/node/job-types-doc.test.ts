import { describe, expect, it } from "vitest";
import { JOB_TYPES } from "../../src/domain/jobs/job-message";
import { jobTypesOfRoute } from "../../src/domain/jobs/types";
import { JOBS } from "../../src/jobs";
import { openApiDocument, operationsOf } from "./support/openapi-walk";

const operations = operationsOf(openApiDocument());
const operation = (method: string, path: string) =>
  operations.find((o) => o.method === method && o.path === path)!.operation;

describe("job types in the OpenAPI descriptions", () => {
  it("POST /job names every job type, and as accepted exactly those its Type takes", () => {
    const description = operation("post", "/job").description!;
    for (const type of JOB_TYPES)
      expect({ type, named: description.includes(`\`${type}\``) }).toEqual({ type, named: true });
    const accepted = /um dos tipos enviados por aqui: (.*)\./.exec(description)![1]!;
    expect([...accepted.matchAll(/`([A-Za-z]+)` \(/g)].map((m) => m[1])).toEqual(
      jobTypesOfRoute(JOBS, "job"),
    );
  });

  it("GET /job describes every job type in its Type filter", () => {
    const parameter = (operation("get", "/job").parameters as { name: string; description?: string }[]).find(
      (p) => p.name === "Type",
    )!;
    for (const type of JOB_TYPES)
      expect({ type, named: parameter.description!.includes(`\`${type}\``) }).toEqual({ type, named: true });
  });
});
