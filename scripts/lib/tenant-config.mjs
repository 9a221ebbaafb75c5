// Accounts (tenants) in wrangler.toml: read with smol-toml, written by small textual edits so the
// file keeps its comments and layout. Every edit is checked by parsing the result again.
import { isDeepStrictEqual } from "node:util";
import { parse } from "smol-toml";

/** Where an account lives: top level (local development) or `[env.production]` (deployed). */
const SCOPES = {
  local: { vars: "vars", databases: "d1_databases", label: "local" },
  production: { vars: "env.production.vars", databases: "env.production.d1_databases", label: "production" },
};

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The account is the left-most label of the request's host: a lowercase DNS label. */
export function accountNameProblem(name) {
  if (typeof name !== "string" || name === "") return "the account name is missing";
  if (!DNS_LABEL.test(name)) {
    return `"${name}" is not a DNS label: 1 to 63 of a-z, 0-9 and "-", not starting or ending with "-"`;
  }
  return null;
}

export const bindingOf = (account) => `DB_${account.toUpperCase().replace(/-/g, "_")}`;
export const databaseNameOf = (account) => `finance-${account}`;

const pick = (object, path) => path.split(".").reduce((value, key) => value?.[key], object);

/** The accounts of a scope: TENANTS (account -> binding) and the D1 blocks of that scope. */
export function scopeOf(config, scope) {
  const names = SCOPES[scope];
  const vars = pick(config, names.vars);
  const tenantsText = vars?.TENANTS;
  let tenants = {};
  if (tenantsText !== undefined) {
    try {
      tenants = JSON.parse(tenantsText);
    } catch {
      throw new Error(`TENANTS in [${names.vars}] is not JSON: ${tenantsText}`);
    }
  }
  return {
    exists: scope === "local" || pick(config, "env.production") !== undefined,
    hasVars: vars !== undefined,
    tenants,
    databases: pick(config, names.databases) ?? [],
  };
}

/** Why `account` cannot be added to `scope` of this config, or null. */
export function duplicateProblem(config, scope, account) {
  const { tenants, databases } = scopeOf(config, scope);
  const binding = bindingOf(account);
  const databaseName = databaseNameOf(account);
  const where = SCOPES[scope].label;
  if (Object.hasOwn(tenants, account)) return `the account "${account}" already exists (${where})`;
  if (Object.values(tenants).includes(binding) || databases.some((d) => d.binding === binding)) {
    return `the binding ${binding} is already used (${where})`;
  }
  if (databases.some((d) => d.database_name === databaseName)) {
    return `the database ${databaseName} is already configured (${where})`;
  }
  return null;
}

const HEADER = /^\s*(\[\[?)\s*([A-Za-z0-9_.-]+)\s*\]\]?\s*(#.*)?$/;
const CONTENT = /^\s*[^\s#]/;

/** Tables of the file in order: header name, whether it is an array table, first and last line. */
function tablesOf(lines) {
  const tables = [{ name: "", array: false, start: -1, lastContent: -1 }];
  lines.forEach((line, index) => {
    const header = HEADER.exec(line);
    if (header) tables.push({ name: header[2], array: header[1] === "[[", start: index, lastContent: index });
    else if (CONTENT.test(line)) tables[tables.length - 1].lastContent = index;
  });
  return tables;
}

const tomlString = (text) => (text.includes("'") ? JSON.stringify(text) : `'${text}'`);

/**
 * wrangler.toml with `account` added to `scope`: its `[[d1_databases]]` block after the last one
 * of the scope, and its entry in that scope's TENANTS. Answers the new text.
 */
export function addTenantToToml(text, scope, { account, databaseId }) {
  const config = parse(text);
  const names = SCOPES[scope];
  const current = scopeOf(config, scope);
  if (!current.exists) throw new Error("wrangler.toml has no [env.production] section");
  if (!current.hasVars) throw new Error(`wrangler.toml has no [${names.vars}] table`);
  const problem = duplicateProblem(config, scope, account);
  if (problem) throw new Error(problem);

  const binding = bindingOf(account);
  const databaseName = databaseNameOf(account);
  const tenants = { ...current.tenants, [account]: binding };
  const lines = text.split("\n");
  const tables = tablesOf(lines);
  const vars = tables.find((t) => t.name === names.vars && !t.array);
  const blocks = tables.filter((t) => t.name === names.databases && t.array);
  if (current.databases.length > 0 && blocks.length === 0) {
    throw new Error(
      `${names.databases} is written inline in wrangler.toml; use [[${names.databases}]] blocks`,
    );
  }

  // Insert from the bottom up so earlier line numbers stay valid.
  const edits = [];
  const after = blocks.length > 0 ? blocks[blocks.length - 1].lastContent : vars.lastContent;
  edits.push({
    at: after + 1,
    remove: 0,
    insert: [
      "",
      `[[${names.databases}]]`,
      `binding = "${binding}"`,
      `database_name = "${databaseName}"`,
      `database_id = "${databaseId}"`,
      `migrations_dir = "migrations"`,
    ],
  });
  const tenantsLine = lines.findIndex(
    (line, index) => index > vars.start && index <= vars.lastContent && /^\s*TENANTS\s*=/.test(line),
  );
  const entry = `TENANTS = ${tomlString(JSON.stringify(tenants))}`;
  if (tenantsLine >= 0) edits.push({ at: tenantsLine, remove: 1, insert: [entry] });
  else edits.push({ at: vars.start + 1, remove: 0, insert: [entry] });
  edits.sort((a, b) => b.at - a.at);
  for (const edit of edits) lines.splice(edit.at, edit.remove, ...edit.insert);
  const result = lines.join("\n");

  // The edit must change exactly what it means to, nothing else.
  const expected = structuredClone(config);
  const setAt = (path, value) => {
    const keys = path.split(".");
    const parent = keys.slice(0, -1).reduce((object, key) => object[key], expected);
    parent[keys[keys.length - 1]] = value;
  };
  setAt(`${names.vars}.TENANTS`, JSON.stringify(tenants));
  setAt(names.databases, [
    ...current.databases,
    { binding, database_name: databaseName, database_id: databaseId, migrations_dir: "migrations" },
  ]);
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parse(result))), JSON.parse(JSON.stringify(expected)))) {
    throw new Error("could not edit wrangler.toml safely; add the account by hand (see docs/DEPLOYMENT.md)");
  }
  return result;
}
