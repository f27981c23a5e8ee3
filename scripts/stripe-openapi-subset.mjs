#!/usr/bin/env node
// Cuts Stripe's OpenAPI description down to the operations app/services/payments/stripe.server.ts calls, for the fake
// Stripe of tests/stripe/fake-stripe.ts to check every request and answer against (docs/stripe.md).
//
// Usage: node scripts/stripe-openapi-subset.mjs <spec3.json> [output, by default tests/stripe/openapi-subset.json]
// <spec3.json> is openapi/spec3.json of https://github.com/stripe/openapi, at a release tag.
//
// The subset in the repository was made from tag v524 (commit 63a674638635c68de26b9f3add13e58198f4df44, info.version
// 2023-08-16): its openapi/spec3.yaml, read as YAML 1.2 and written out as JSON. The newer spec files are 4 MiB and
// more, which the snapshot of the repository this was made with did not hold; the YAML and JSON of a release are the
// same document (checked on tag v127, the last release with both files in that snapshot).
//
// Kept: the four operations with their parameters, request bodies and responses, and every component schema they
// reference, followed transitively (about 600 schemas: a checkout session's expandable fields reach most of the
// API). Dropped: the `description` prose, nearly half the size, so a regeneration's diff shows schema changes only.
// Nothing else is pruned: the result is well under 2 MB.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";

const OPERATIONS = [
  ["/v1/checkout/sessions", "post"],
  ["/v1/checkout/sessions/{session}", "get"],
  ["/v1/checkout/sessions/{session}/expire", "post"],
  ["/v1/refunds", "post"],
];
const SCHEMA_REF = "#/components/schemas/";

const [specPath, outputPath = join(dirname(fileURLToPath(import.meta.url)), "../tests/stripe/openapi-subset.json")] =
  process.argv.slice(2);
if (!specPath) {
  console.error("Usage: node scripts/stripe-openapi-subset.mjs <spec3.json> [output.json]");
  process.exit(64);
}

const spec = JSON.parse(readFileSync(specPath, "utf8"));

/** Every `$ref` under a value, wherever it sits (schemas, parameters, responses, vendor keys). */
function referencedSchemaNames(value, names = new Set()) {
  if (Array.isArray(value)) for (const item of value) referencedSchemaNames(item, names);
  else if (value && typeof value === "object")
    for (const [key, inner] of Object.entries(value)) {
      if (key !== "$ref") referencedSchemaNames(inner, names);
      else if (inner.startsWith(SCHEMA_REF)) names.add(inner.slice(SCHEMA_REF.length));
      else throw new Error(`Only component schemas are followed, not ${inner}`);
    }
  return names;
}

/** A copy without the prose: a `description` whose value is text (a property named description is a schema). */
function withoutDescriptions(value) {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, inner]) => !(key === "description" && typeof inner === "string"))
      .map(([key, inner]) => [key, withoutDescriptions(inner)]),
  );
}

const paths = {};
for (const [path, method] of OPERATIONS) {
  const operation = spec.paths[path]?.[method];
  if (!operation) throw new Error(`The spec has no ${method.toUpperCase()} ${path}`);
  paths[path] = { ...paths[path], [method]: operation };
}

const kept = new Set();
const waiting = [...referencedSchemaNames(paths)];
while (waiting.length > 0) {
  const name = waiting.pop();
  if (kept.has(name)) continue;
  const schema = spec.components.schemas[name];
  if (!schema) throw new Error(`The spec references a schema it does not have: ${name}`);
  kept.add(name);
  waiting.push(...referencedSchemaNames(schema));
}

const subset = withoutDescriptions({
  openapi: spec.openapi,
  info: { title: spec.info.title, version: spec.info.version },
  paths,
  components: { schemas: Object.fromEntries([...kept].sort().map((name) => [name, spec.components.schemas[name]])) },
});

// Formatted as the repository formats its JSON, wherever the output goes.
const text = await prettier.format(JSON.stringify(subset), {
  ...(await prettier.resolveConfig(fileURLToPath(import.meta.url))),
  parser: "json",
});
writeFileSync(outputPath, text);
console.info(
  `${outputPath}: ${Object.keys(paths).length} paths, ${kept.size} schemas, ${Buffer.byteLength(text)} bytes`,
);
