import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";

// A stand-in for Stripe's API with its state in memory: the four operations app/services/payments/stripe.server.ts
// calls. Every request is checked against Stripe's OpenAPI description (openapi-subset.json, cut from Stripe's by
// scripts/stripe-openapi-subset.mjs) before it is acted on, and every answer before it is sent. A parameter Stripe does
// not know, a value of the wrong type or a missing field answers Stripe's 400 and is kept in `problems`.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Schema = { [keyword: string]: unknown };

export type RefundStatus = "succeeded" | "pending" | "failed";

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query and the form body, decoded from Stripe's bracket notation, numbers as the spec reads them. */
  query: JsonObject;
  body: JsonObject;
  idempotencyKey: string | null;
}

export interface FakeStripe {
  /** What the SDK is pointed at: `http://127.0.0.1:<port>`. */
  url: string;
  /** Every mismatch with the OpenAPI description, and every request Stripe would refuse as a bug of its caller. */
  problems: string[];
  requests: RecordedRequest[];
  /** The status the next refund is made with; back to "succeeded" after it. */
  nextRefundStatus: RefundStatus;
  /** The id of the latest refund made (`re_…`), which only staff pages show. */
  lastRefundId: string | null;
  /** The customer pays on the hosted page: the session completes, with a payment intent and its card charge. */
  pay(sessionId: string, card: { last4: string }): void;
  /** A checkout session or refund as the API answers it, unexpanded: what a webhook event carries. */
  apiObject(id: string): JsonObject;
  close(): Promise<void>;
}

interface OperationSpec {
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody: { content: { [mediaType: string]: { schema: Schema } } };
  responses: { [status: string]: { content: { [mediaType: string]: { schema: Schema } } } };
}

const subset: { paths: { [path: string]: { [method: string]: OperationSpec } }; components: { schemas: Schema } } =
  JSON.parse(readFileSync(new URL("./openapi-subset.json", import.meta.url), "utf8"));

const DEFINITIONS = "https://fake-stripe.test/openapi-subset";
const FORM = "application/x-www-form-urlencoded";
const EXPANDABLE = new Set(["payment_intent", "payment_intent.latest_charge"]);

const mapValues = <T, U>(record: { [key: string]: T }, map: (value: T) => U) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
const isSchema = (value: unknown): value is Schema => typeof value === "object" && value !== null;

/**
 * OpenAPI 3.0's dialect as JSON Schema for ajv: `nullable` becomes "or null", references point into one document of
 * definitions, and the vendor `x-` keys go. An object that lists its properties takes no others (Stripe refuses an
 * unknown parameter at any depth, and an answer of ours with a misspelt field must fail too), where the spec says
 * nothing of additional properties.
 */
function toJsonSchema(schema: Schema): Schema {
  if (typeof schema.$ref === "string")
    return { $ref: schema.$ref.replace("#/components/schemas/", `${DEFINITIONS}#/definitions/`) };
  const converted = Object.fromEntries(
    Object.entries(schema).filter(([keyword]) => !keyword.startsWith("x-") && keyword !== "nullable"),
  );
  if (isSchema(schema.properties)) {
    converted.properties = mapValues(schema.properties as { [name: string]: Schema }, toJsonSchema);
    converted.additionalProperties ??= false;
  }
  if (isSchema(schema.items)) converted.items = toJsonSchema(schema.items);
  if (isSchema(schema.additionalProperties)) converted.additionalProperties = toJsonSchema(schema.additionalProperties);
  for (const keyword of ["anyOf", "oneOf", "allOf"])
    if (Array.isArray(schema[keyword])) converted[keyword] = (schema[keyword] as Schema[]).map(toJsonSchema);
  return schema.nullable === true ? { anyOf: [converted, { type: "null" }] } : converted;
}

function makeAjv(coerceTypes: boolean) {
  // strict: false lets ajv pass over keywords it does not know (title, deprecated); every one it knows is checked.
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes });
  ajv.addFormat("unix-time", { type: "number", validate: (seconds: number) => Number.isInteger(seconds) });
  ajv.addFormat("decimal", /^-?\d+(\.\d+)?$/);
  ajv.addFormat("binary", true);
  ajv.addSchema({
    $id: DEFINITIONS,
    definitions: mapValues(subset.components.schemas as { [name: string]: Schema }, toJsonSchema),
  });
  return ajv;
}

interface OperationCheck {
  pattern: RegExp;
  pathNames: string[];
  path: ValidateFunction;
  query: ValidateFunction;
  body: ValidateFunction;
  answer: ValidateFunction;
}

let compiled: { operations: Map<string, OperationCheck>; error: ValidateFunction } | undefined;

/**
 * The checks of each operation of the subset, by "METHOD /spec/path", and of Stripe's error answer (every operation's
 * default response); made once, on first use.
 */
function specChecks() {
  if (compiled) return compiled;
  // A form carries every value as text: requests are read with the spec's types, answers must have them already.
  const requests = makeAjv(true);
  const answers = makeAjv(false);
  const objectOf = (parameters: { name: string; required?: boolean; schema: Schema }[]) =>
    toJsonSchema({
      type: "object",
      properties: Object.fromEntries(parameters.map(({ name, schema }) => [name, schema])),
      required: parameters.filter(({ required }) => required).map(({ name }) => name),
    });
  const operations = new Map<string, OperationCheck>();
  for (const [specPath, methods] of Object.entries(subset.paths))
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const pathNames = [...specPath.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      operations.set(`${method.toUpperCase()} ${specPath}`, {
        pattern: new RegExp(`^${specPath.replace(/\{\w+\}/g, "([^/]+)")}$`),
        pathNames,
        path: requests.compile(objectOf(parameters.filter((parameter) => parameter.in === "path"))),
        query: requests.compile(objectOf(parameters.filter((parameter) => parameter.in === "query"))),
        body: requests.compile(toJsonSchema(operation.requestBody.content[FORM].schema)),
        answer: answers.compile(toJsonSchema(operation.responses["200"].content["application/json"].schema)),
      });
    }
  compiled = { operations, error: answers.compile(toJsonSchema({ $ref: "#/components/schemas/error" })) };
  return compiled;
}

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  // The deepest first: an alternative of an anyOf that failed says more than the anyOf itself.
  [...(errors ?? [])]
    .sort((first, second) => second.instancePath.length - first.instancePath.length)
    .slice(0, 5)
    .map(({ instancePath, message, params }) =>
      [instancePath || "/", message, params.additionalProperty].filter(Boolean).join(" "),
    )
    .join("; ");

class Refusal extends Error {
  constructor(
    message: string,
    readonly param?: string,
    readonly status = 400,
    /** False for what Stripe refuses in the ordinary course (a session already paid): not the caller's bug. */
    readonly problem = true,
    readonly type: "invalid_request_error" | "idempotency_error" | "api_error" = "invalid_request_error",
  ) {
    super(message);
  }
}

type FormTree = Map<string, FormTree | string>;

/** Stripe's form encoding to JSON: `line_items[0][price_data][unit_amount]=1250` nests, index keys make arrays. */
function decodeForm(text: string): JsonObject {
  const root: FormTree = new Map();
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw new Refusal(`Invalid parameter name: ${key}`, key);
    const names = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map(([, name]) => name)];
    let node = root;
    names.forEach((name, index) => {
      const slot = name === "" ? String(node.size) : name;
      const last = index === names.length - 1;
      const existing = node.get(slot);
      if (last ? existing !== undefined : typeof existing === "string")
        throw new Refusal(`${key} clashes with another parameter`, key);
      if (last) node.set(slot, value);
      else {
        if (!existing) node.set(slot, new Map());
        node = node.get(slot) as FormTree;
      }
    });
  }
  return treeToJson(root) as JsonObject;
}

function treeToJson(tree: FormTree): Json {
  const entries = [...tree].map(([name, value]): [string, Json] => [
    name,
    typeof value === "string" ? value : treeToJson(value),
  ]);
  const indices = entries.every(([name]) => /^\d+$/.test(name));
  if (!indices || entries.length === 0) return Object.fromEntries(entries);
  const list: Json[] = [];
  for (const [name, value] of entries) list[Number(name)] = value;
  if (Object.keys(list).length !== list.length) throw new Refusal("An array's indices must start at 0 without gaps");
  return list;
}

const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

type LineItemParams = { price_data?: { currency: string; unit_amount?: number }; quantity?: number };
type CreateSessionParams = {
  mode?: string;
  line_items?: LineItemParams[];
  client_reference_id?: string;
  customer_email?: string;
  metadata?: { [key: string]: string };
  payment_intent_data?: { metadata?: { [key: string]: string } };
  success_url: string;
  cancel_url?: string;
  expires_at?: number;
  expand?: string[];
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const { operations, error: errorCheck } = specChecks();
  const objects = new Map<string, JsonObject>();
  const intentMetadata = new Map<string, JsonObject>();
  const replays = new Map<string, { request: string; text: string }>();
  const problems: string[] = [];
  const requests: RecordedRequest[] = [];

  const stored = (id: string, kind: string) => {
    const object = objects.get(id);
    if (object?.object !== kind) throw new Refusal(`No such ${kind}: '${id}'`, "id", 404, false);
    return object;
  };

  function expanded(session: JsonObject, paths: Json | undefined): JsonObject {
    const asked = (paths ?? []) as string[];
    const unknown = asked.find((path) => !EXPANDABLE.has(path));
    if (unknown) throw new Refusal(`This property cannot be expanded (${unknown}).`, "expand");
    if (asked.length === 0 || typeof session.payment_intent !== "string") return session;
    const intent = stored(session.payment_intent, "payment_intent");
    const charge = asked.includes("payment_intent.latest_charge")
      ? stored(intent.latest_charge as string, "charge")
      : intent.latest_charge;
    return { ...session, payment_intent: { ...intent, latest_charge: charge } };
  }

  function createSession(params: CreateSessionParams): JsonObject {
    if (params.mode !== "payment") throw new Refusal("This fake makes checkouts in payment mode only.", "mode");
    const lines = params.line_items ?? [];
    if (lines.length === 0 || lines.some((line) => line.price_data?.unit_amount === undefined || !line.quantity))
      throw new Refusal("This fake takes line items of price_data[unit_amount] and a quantity.", "line_items");
    const currencies = new Set(lines.map((line) => line.price_data!.currency));
    if (currencies.size !== 1) throw new Refusal("All line items must have the same currency.", "line_items");
    const total = lines.reduce((sum, line) => sum + line.price_data!.unit_amount! * line.quantity!, 0);
    const expiresAt = params.expires_at ?? nowSeconds() + 24 * 3600;
    if (expiresAt < nowSeconds() + 30 * 60 || expiresAt > nowSeconds() + 24 * 3600)
      throw new Refusal("expires_at must be between 30 minutes and 24 hours from now.", "expires_at");
    const id = stripeId("cs_test");
    intentMetadata.set(id, params.payment_intent_data?.metadata ?? {});
    const session: JsonObject = {
      id,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      automatic_tax: { enabled: false, status: null },
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: nowSeconds(),
      currency: [...currencies][0],
      custom_fields: [],
      custom_text: { shipping_address: null, submit: null },
      customer_email: params.customer_email ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: "payment",
      payment_intent: null,
      payment_method_types: ["card"],
      payment_status: "unpaid",
      shipping_options: [],
      status: "open",
      success_url: params.success_url,
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    objects.set(id, session);
    return session;
  }

  function expireSession(id: string): JsonObject {
    const session = stored(id, "checkout.session");
    if (session.status !== "open")
      throw new Refusal(
        `This Checkout Session is ${session.status}; only an open one can be expired.`,
        "session",
        400,
        false,
      );
    session.status = "expired";
    return session;
  }

  function createRefund(params: { payment_intent?: string; amount?: number }): JsonObject {
    if (!params.payment_intent) throw new Refusal("This fake refunds by payment_intent only.", "payment_intent");
    const intent = stored(params.payment_intent, "payment_intent");
    const charge = stored(intent.latest_charge as string, "charge");
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    const amount = params.amount ?? left;
    if (amount < 1 || amount > left)
      throw new Refusal(
        `A refund's amount must be from 1 to the charge's unrefunded ${left}, not ${amount}.`,
        "amount",
      );
    const status = fake.nextRefundStatus;
    fake.nextRefundStatus = "succeeded";
    if (status !== "failed") {
      charge.amount_refunded = (charge.amount_refunded as number) + amount;
      charge.refunded = charge.amount_refunded === charge.amount;
    }
    const refund: JsonObject = {
      id: stripeId("re"),
      object: "refund",
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      metadata: {},
      payment_intent: intent.id,
      reason: null,
      receipt_number: null,
      source_transfer_reversal: null,
      status,
      transfer_reversal: null,
      ...(status === "failed" ? { failure_reason: "expired_or_canceled_card" } : {}),
    };
    objects.set(refund.id as string, refund);
    fake.lastRefundId = refund.id as string;
    return refund;
  }

  function answerTo(operation: string, path: { [name: string]: Json }, query: JsonObject, body: JsonObject) {
    switch (operation) {
      case "POST /v1/checkout/sessions":
        return expanded(createSession(body as unknown as CreateSessionParams), body.expand);
      case "GET /v1/checkout/sessions/{session}":
        return expanded(stored(path.session as string, "checkout.session"), query.expand);
      case "POST /v1/checkout/sessions/{session}/expire":
        return expanded(expireSession(path.session as string), body.expand);
      default:
        if (body.expand) throw new Refusal("This fake expands nothing on a refund.", "expand");
        return createRefund(body);
    }
  }

  function handle(request: IncomingMessage, text: string) {
    const url = new URL(request.url ?? "/", "http://fake-stripe.test");
    const method = request.method ?? "GET";
    const idempotencyKey = request.headers["idempotency-key"]?.toString() ?? null;
    const recorded: RecordedRequest = { method, path: url.pathname, query: {}, body: {}, idempotencyKey };
    requests.push(recorded);
    const replay = idempotencyKey && replays.get(idempotencyKey);
    const fingerprint = `${method} ${url.pathname}${url.search} ${text}`;
    if (replay && replay.request === fingerprint) return { status: 200, text: replay.text, replayed: true };
    if (replay)
      throw new Refusal(
        `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
        undefined,
        400,
        true,
        "idempotency_error",
      );
    if (!/^Bearer \w+_test_\w+$/.test(request.headers.authorization ?? ""))
      throw new Refusal("You did not provide a test API key.", undefined, 401);

    const entry = [...operations].find(
      ([key, check]) => key.startsWith(`${method} `) && check.pattern.test(url.pathname),
    );
    if (!entry) throw new Refusal(`Unrecognized request URL (${method}: ${url.pathname}).`, undefined, 404);
    const [operation, check] = entry;
    const values = check.pattern.exec(url.pathname)!.slice(1);
    const path = Object.fromEntries(check.pathNames.map((name, index) => [name, decodeURIComponent(values[index])]));
    recorded.query = decodeForm(url.search.slice(1));
    if (method === "POST" && !request.headers["content-type"]?.startsWith(FORM))
      throw new Refusal(`A POST's body must be ${FORM}.`);
    recorded.body = decodeForm(text);
    for (const [part, value, validate] of [
      ["path", path, check.path],
      ["query", recorded.query, check.query],
      ["body", recorded.body, check.body],
    ] as const)
      if (!validate(value)) throw new Refusal(`Invalid ${part}: ${describeErrors(validate.errors)}`);
    const answer = answerTo(operation, path, recorded.query, recorded.body);
    const answerText = JSON.stringify(answer);
    if (!check.answer(JSON.parse(answerText)))
      throw new Refusal(`The fake's answer does not match the spec: ${describeErrors(check.answer.errors)}`);
    if (idempotencyKey && method === "POST") replays.set(idempotencyKey, { request: fingerprint, text: answerText });
    return { status: 200, text: answerText, replayed: false };
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let answer: { status: number; text: string; replayed: boolean };
      try {
        answer = handle(request, Buffer.concat(chunks).toString("utf8"));
      } catch (thrown) {
        const error =
          thrown instanceof Refusal
            ? thrown
            : new Refusal(`The fake failed: ${thrown}`, undefined, 500, true, "api_error");
        const where = `${request.method} ${request.url}`;
        if (error.problem) problems.push(`${where}: ${error.message}`);
        const body = {
          error: { type: error.type, message: error.message, ...(error.param && { param: error.param }) },
        };
        if (!errorCheck(body)) problems.push(`${where}: the fake's error does not match the spec`);
        answer = { status: error.status, text: JSON.stringify(body), replayed: false };
      }
      response.writeHead(answer.status, {
        "content-type": "application/json",
        "request-id": stripeId("req"),
        ...(answer.replayed && { "idempotent-replayed": "true" }),
      });
      response.end(answer.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    problems,
    requests,
    nextRefundStatus: "succeeded",
    lastRefundId: null,
    pay(sessionId, card) {
      const session = objects.get(sessionId);
      if (session?.status !== "open") throw new Error(`Checkout session ${sessionId} is not open`);
      const intentId = stripeId("pi");
      const charge: JsonObject = {
        id: stripeId("ch"),
        object: "charge",
        amount: session.amount_total,
        amount_captured: session.amount_total,
        amount_refunded: 0,
        billing_details: { address: null, email: session.customer_email, name: null, phone: null },
        captured: true,
        created: nowSeconds(),
        currency: session.currency,
        disputed: false,
        livemode: false,
        metadata: {},
        paid: true,
        payment_intent: intentId,
        payment_method_details: {
          type: "card",
          card: { brand: "visa", country: "US", exp_month: 12, exp_year: 2034, funding: "credit", last4: card.last4 },
        },
        refunded: false,
        status: "succeeded",
      };
      const intent: JsonObject = {
        id: intentId,
        object: "payment_intent",
        amount: session.amount_total,
        amount_received: session.amount_total,
        capture_method: "automatic_async",
        confirmation_method: "automatic",
        created: nowSeconds(),
        currency: session.currency,
        latest_charge: charge.id,
        livemode: false,
        metadata: intentMetadata.get(sessionId) ?? {},
        payment_method_types: ["card"],
        status: "succeeded",
      };
      objects.set(charge.id as string, charge);
      objects.set(intentId, intent);
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intentId });
    },
    apiObject(id) {
      const object = objects.get(id);
      if (!object) throw new Error(`The fake has no object ${id}`);
      return structuredClone(object);
    },
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
    },
  };
  return fake;
}
