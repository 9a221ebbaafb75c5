import type { createClient } from "../../../src/client";

/** Compile-time checks (never run): `tsc --noEmit` fails if these mistakes stop being type errors. */
export function typedClientRefusesWrongCalls(api: ReturnType<typeof createClient>) {
  // @ts-expect-error IDBankFromm is no field of the transfer body
  void api.accounts["bank-statement"].transfer.$post({ json: { IDBankFromm: 1, IDBankTo: 2, Value: 10 } });
  // @ts-expect-error Value is a number
  void api.accounts["bank-statement"].transfer.$post({ json: { IDBankFrom: 1, IDBankTo: 2, Value: "10" } });
  // @ts-expect-error no such route
  void api.accounts["bank-acount"].$get({ query: {} });
  return async () => {
    const response = await api.accounts["bank-account"].$get({ query: { BankNumber: "001" } });
    const [first] = await response.json();
    // @ts-expect-error the list item has no Balanse
    return first?.Balanse;
  };
}
