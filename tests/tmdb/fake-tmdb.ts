import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import sharp from "sharp";
import { FAKE_FILMS, type FakeFilm, type FakeListing } from "./films";

// A stand-in for TMDB's v3 API and its image server, in one local server: the reads app/services/tmdb.server.ts makes.
// Every request is checked against TMDB's OpenAPI description (openapi-subset.json, see README.md) before it is
// answered, and every answer before it is sent; a mismatch is kept in `problems`. Errors are TMDB's documented JSON
// (status_code, status_message, success), which its description does not include.

type Schema = { [keyword: string]: unknown };
type Parameter = { name: string; in: string; required?: boolean; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  responses: { 200: { content: { "application/json": { schema: Schema } } } };
};

const subset: { paths: { [path: string]: { get: Operation } } } = JSON.parse(
  readFileSync(new URL("./openapi-subset.json", import.meta.url), "utf8"),
);

/** The parts a details request may append, each an operation whose answer the description types. */
const APPENDABLE = ["credits", "videos", "release_dates"] as const;

export type FakeTrouble = { kind: "rate-limit"; retryAfterSeconds: number } | { kind: "stall" };

export interface RecordedRequest {
  path: string;
  query: { [name: string]: string };
  bearer: boolean;
}

export interface FakeTmdb {
  /** Both the API's and the image server's address: `http://127.0.0.1:<port>`. */
  url: string;
  /** What the fake takes as `api_key`, and as a Bearer token. */
  apiKey: string;
  readAccessToken: string;
  problems: string[];
  requests: RecordedRequest[];
  /** What the next requests meet instead of their answer, one each, in order: a 429, or no answer at all. */
  trouble: FakeTrouble[];
  /** The bytes the image server gives for a TMDB image path. */
  imageBytes(imagePath: string): Promise<Uint8Array>;
  /** Image paths the image server no longer has (a 404). */
  missingImages: Set<string>;
  close(): Promise<void>;
}

/**
 * An object that lists its properties takes no others (an answer of the fake's with a misspelt field must fail), and
 * `example` and `default` are prose for ajv (TMDB's defaults are not always of their field's type).
 */
function strict(schema: Schema): Schema {
  const converted = Object.fromEntries(
    Object.entries(schema).filter(([keyword]) => !["example", "default", "description"].includes(keyword)),
  );
  if (typeof schema.properties === "object" && schema.properties) {
    converted.properties = Object.fromEntries(
      Object.entries(schema.properties as { [name: string]: Schema }).map(([name, value]) => [name, strict(value)]),
    );
    converted.additionalProperties = false;
  }
  if (typeof schema.items === "object" && schema.items) converted.items = strict(schema.items as Schema);
  return converted;
}

interface OperationCheck {
  pattern: RegExp;
  query: ValidateFunction;
  path: ValidateFunction;
  answer: ValidateFunction;
}

function compileChecks() {
  // A query carries every value as text: requests are read with the description's types, answers must have them.
  const requests = new Ajv({ strict: false, allErrors: true, coerceTypes: true });
  const answers = new Ajv({ strict: false, allErrors: true });
  for (const ajv of [requests, answers])
    ajv.addFormat("int32", { type: "number", validate: (value: number) => value >= -(2 ** 31) && value < 2 ** 31 });
  const objectOf = (parameters: Parameter[]) =>
    strict({
      type: "object",
      properties: Object.fromEntries(parameters.map(({ name, schema }) => [name, schema])),
      required: parameters.filter(({ required }) => required).map(({ name }) => name),
    });
  const operations = new Map<string, OperationCheck>();
  for (const [specPath, { get }] of Object.entries(subset.paths)) {
    const parameters = get.parameters ?? [];
    // The key of the API key way of signing a request (TMDB's documentation; the description lists the header only).
    const query = [
      ...parameters.filter((p) => p.in === "query"),
      { name: "api_key", in: "query", schema: { type: "string" } },
    ];
    operations.set(specPath, {
      pattern: new RegExp(`^${specPath.replace(/\{\w+\}/g, "([^/]+)")}$`),
      query: requests.compile(objectOf(query)),
      path: requests.compile(objectOf(parameters.filter((p) => p.in === "path"))),
      answer: answers.compile(strict(get.responses[200].content["application/json"].schema)),
    });
  }
  return operations;
}

let checks: Map<string, OperationCheck> | undefined;

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 5)
    .map(({ instancePath, message, params }) =>
      [instancePath || "/", message, params.additionalProperty].filter(Boolean).join(" "),
    )
    .join("; ");

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly statusCode: number,
    message: string,
    /** False for what TMDB answers in the ordinary course (no such film): not the caller's bug. */
    readonly problem = true,
  ) {
    super(message);
  }
}

const NOT_FOUND = () => new Refusal(404, 34, "The resource you requested could not be found.", false);

const listed = (film: FakeFilm) => ({
  adult: film.adult,
  backdrop_path: film.backdrop_path,
  genre_ids: film.genres.map((genre) => genre.id),
  id: film.id,
  original_language: film.original_language,
  original_title: film.original_title,
  overview: film.overview,
  popularity: film.popularity,
  poster_path: film.poster_path,
  release_date: film.release_date,
  title: film.title,
  video: film.video,
  vote_average: film.vote_average,
  vote_count: film.vote_count,
});

const page = (results: object[], dates?: { maximum: string; minimum: string }) => ({
  ...(dates && { dates }),
  page: 1,
  results,
  total_pages: 1,
  total_results: results.length,
});

/** A small JPEG of its own colour for each image path, the same bytes each time. */
async function imageFor(imagePath: string) {
  const [red, green, blue] = createHash("sha256").update(imagePath).digest();
  const bytes = await sharp({
    create: { width: 8, height: 12, channels: 3, background: { r: red, g: green, b: blue } },
  })
    .jpeg()
    .toBuffer();
  return new Uint8Array(bytes);
}

const IMAGE_SIZES = new Set(["w92", "w185", "w300", "w342", "w500", "w780", "w1280", "h632", "original"]);

export async function startFakeTmdb({ films = FAKE_FILMS } = {}): Promise<FakeTmdb> {
  checks ??= compileChecks();
  const operations = checks;
  const problems: string[] = [];
  const requests: RecordedRequest[] = [];
  const byId = new Map(films.map(({ film }) => [film.id, film]));
  const inListing = (listing: FakeListing) =>
    films.filter((entry) => entry.listing === listing).map(({ film }) => film);
  const apiKey = "fake-tmdb-key";
  const readAccessToken = "fake-tmdb-read-token";

  function details(film: FakeFilm, append: string[], check: (schema: string, value: object) => void) {
    const { credits, videos, release_dates, ...base } = film;
    const parts = { credits, videos, release_dates };
    check("/3/movie/{movie_id}", base);
    for (const part of append) check(`/3/movie/{movie_id}/${part}`, parts[part as keyof typeof parts]);
    return { ...base, ...Object.fromEntries(append.map((part) => [part, parts[part as keyof typeof parts]])) };
  }

  function answerApi(url: URL, request: IncomingMessage) {
    const query = Object.fromEntries(url.searchParams);
    const bearer = request.headers.authorization === `Bearer ${readAccessToken}`;
    requests.push({ path: url.pathname, query, bearer });
    if (!bearer && query.api_key !== apiKey)
      throw new Refusal(401, 7, "Invalid API key: You must be granted a valid key.", false);
    // A literal path of the description comes before a templated one (now_playing is not a movie id).
    const entry =
      [...operations].find(([specPath]) => specPath === url.pathname) ??
      [...operations].find(([, check]) => check.pattern.test(url.pathname));
    if (!entry) throw new Refusal(404, 34, "The resource you requested could not be found.");
    const [specPath, check] = entry;
    const [movieId] = check.pattern.exec(url.pathname)!.slice(1);
    if (!check.path(movieId === undefined ? {} : { movie_id: movieId }))
      throw new Refusal(404, 34, `Invalid path: ${describeErrors(check.path.errors)}`);
    if (!check.query({ ...query })) throw new Refusal(400, 22, `Invalid query: ${describeErrors(check.query.errors)}`);
    const checkAnswer = (schemaPath: string, value: object) => {
      const validate = operations.get(schemaPath)!.answer;
      if (!validate(JSON.parse(JSON.stringify(value))))
        problems.push(
          `${schemaPath}: the fake's answer does not match the description: ${describeErrors(validate.errors)}`,
        );
    };
    switch (specPath) {
      case "/3/search/movie": {
        const words = query.query.toLowerCase();
        const answer = page(
          films
            .map(({ film }) => film)
            .filter((film) => film.title.toLowerCase().includes(words))
            .map(listed),
        );
        checkAnswer(specPath, answer);
        return answer;
      }
      case "/3/movie/now_playing":
      case "/3/movie/upcoming": {
        if (!/^[A-Z]{2}$/.test(query.region ?? "")) throw new Refusal(400, 22, "This fake lists films for a region.");
        const answer = page(inListing(specPath === "/3/movie/upcoming" ? "upcoming" : "now_playing").map(listed), {
          maximum: "2027-01-31",
          minimum: "2026-11-01",
        });
        checkAnswer(specPath, answer);
        return answer;
      }
      case "/3/movie/{movie_id}": {
        const append = (query.append_to_response ?? "").split(",").filter(Boolean);
        const unknown = append.find((part) => !(APPENDABLE as readonly string[]).includes(part));
        if (unknown) throw new Refusal(400, 22, `This fake appends ${APPENDABLE.join(", ")} only, not ${unknown}.`);
        const film = byId.get(Number(movieId));
        if (!film) throw NOT_FOUND();
        return details(film, append, checkAnswer);
      }
      default:
        throw new Refusal(404, 34, `This fake does not answer ${specPath}.`);
    }
  }

  async function answerImage(url: URL, response: ServerResponse) {
    const match = /^\/t\/p\/([\w]+)(\/[\w.-]+)$/.exec(url.pathname);
    if (!match || !IMAGE_SIZES.has(match[1])) problems.push(`image ${url.pathname}: not an image address TMDB gives`);
    if (!match || fake.missingImages.has(match[2])) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      return;
    }
    const bytes = await imageFor(match[2]);
    response.writeHead(200, { "content-type": "image/jpeg", "content-length": bytes.byteLength }).end(bytes);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-tmdb.test");
    const trouble = fake.trouble.shift();
    if (trouble?.kind === "stall") return; // No answer: the caller's own timeout must end the wait.
    const send = (status: number, body: object, headers: { [name: string]: string } = {}) =>
      response
        .writeHead(status, { "content-type": "application/json;charset=utf-8", ...headers })
        .end(JSON.stringify(body));
    if (trouble?.kind === "rate-limit") {
      send(
        429,
        { success: false, status_code: 25, status_message: "Your request count is over the allowed limit of (50)." },
        { "retry-after": String(trouble.retryAfterSeconds) },
      );
      return;
    }
    if (request.method !== "GET") {
      problems.push(`${request.method} ${url.pathname}: TMDB's reads are GETs`);
      send(405, { success: false, status_code: 3, status_message: "Method not allowed." });
      return;
    }
    if (url.pathname.startsWith("/t/p/")) {
      requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), bearer: false });
      answerImage(url, response).catch((error) => {
        problems.push(`image ${url.pathname}: ${error}`);
        response.destroy();
      });
      return;
    }
    try {
      send(200, answerApi(url, request));
    } catch (thrown) {
      const error = thrown instanceof Refusal ? thrown : new Refusal(500, 11, `The fake failed: ${thrown}`);
      if (error.problem) problems.push(`GET ${url.pathname}${url.search}: ${error.message}`);
      send(error.status, { success: false, status_code: error.statusCode, status_message: error.message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  const fake: FakeTmdb = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    readAccessToken,
    problems,
    requests,
    trouble: [],
    imageBytes: imageFor,
    missingImages: new Set(),
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
    },
  };
  return fake;
}
