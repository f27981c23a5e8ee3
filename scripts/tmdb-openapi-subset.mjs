#!/usr/bin/env node
// Cuts TMDB's OpenAPI description down to the operations app/services/tmdb.server.ts calls (and the three whose
// answers its details request appends), for the fake TMDB of tests/tmdb/fake-tmdb.ts to check every request and answer
// against. Where the description comes from: tests/tmdb/README.md.
//
// Usage: node scripts/tmdb-openapi-subset.mjs <tmdb-api.json> [output, by default tests/tmdb/openapi-subset.json]
//
// Kept: each operation's parameters and its 200 answer's schema (TMDB's description has no other answers and no
// component schemas). Dropped: summaries, descriptions and the examples, which are answers written out as text.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";

const PATHS = [
  "/3/search/movie",
  "/3/movie/{movie_id}",
  "/3/movie/now_playing",
  "/3/movie/upcoming",
  "/3/movie/{movie_id}/credits",
  "/3/movie/{movie_id}/videos",
  "/3/movie/{movie_id}/release_dates",
];

const [source, output = join(dirname(fileURLToPath(import.meta.url)), "../tests/tmdb/openapi-subset.json")] =
  process.argv.slice(2);
if (!source) {
  console.error("Usage: node scripts/tmdb-openapi-subset.mjs <tmdb-api.json> [output]");
  process.exit(64);
}
const spec = JSON.parse(readFileSync(source, "utf8"));
const paths = Object.fromEntries(
  PATHS.map((path) => {
    const { operationId, parameters, responses } = spec.paths[path].get;
    const answer = { content: { "application/json": { schema: responses["200"].content["application/json"].schema } } };
    return [path, { get: { operationId, parameters, responses: { 200: answer } } }];
  }),
);
const subset = { openapi: spec.openapi, info: spec.info, servers: spec.servers, paths };
const text = await prettier.format(JSON.stringify(subset), { parser: "json", printWidth: 120 });
writeFileSync(output, text);
console.log(`${output}: ${PATHS.length} operations`);
