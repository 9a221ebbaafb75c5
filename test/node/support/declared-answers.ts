import { answerChecker, type OpenApiDocument } from "../../support/declared-answers";
import { openApiDocument } from "./openapi-walk";

/** The check of 200 answers of the Node-side tests, against the document the server serves. */
export const expectDeclaredAnswer = answerChecker(
  async () => openApiDocument() as unknown as OpenApiDocument,
);

/** `fetch` whose 200 JSON answers must match the response schema of their route. */
export const checkedFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await fetch(request);
  const contentType = response.headers.get("Content-Type") ?? "";
  if (response.status === 200 && /^application\/json/i.test(contentType)) {
    const text = await response.clone().text();
    await expectDeclaredAnswer(request.method, request.url, contentType, text ? JSON.parse(text) : null);
  }
  return response;
};
