import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from "kysely";
import type { DB } from "./db-schema";
import type { Queryable, Row } from "./db.server";

// Typed queries (decision 64): Kysely builds and types each statement from the tables of `db-schema.ts` (generated
// by `npm run db:types`); our `Queryable` runs it, so PGlite keeps its prepared statements and its queue, and a
// transaction stays the one `Database.transaction` opened.

const NOT_OURS =
  "Transactions are the database's own: run the work in db.transaction((tx) => ...) and build on typed(tx)";

/** Kysely's one connection to a `Queryable`: the database, or a transaction it opened. */
class QueryableConnection implements DatabaseConnection {
  constructor(private readonly queryable: Queryable) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Our Queryable answers rows only: a count of the rows a statement changed is read with `returning`.
    return { rows: await this.queryable.query<R & Row>(compiled.sql, compiled.parameters as unknown[]) };
  }

  // eslint-disable-next-line require-yield -- Kysely's interface; no query of ours streams.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported: read the rows with execute()");
  }
}

class QueryableDriver implements Driver {
  private readonly connection: QueryableConnection;

  constructor(queryable: Queryable) {
    this.connection = new QueryableConnection(queryable);
  }

  async init() {}
  async acquireConnection() {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error(NOT_OURS);
  }
  async commitTransaction(): Promise<void> {
    throw new Error(NOT_OURS);
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error(NOT_OURS);
  }
  async releaseConnection() {}
  async destroy() {}
}

/** Kysely's PostgreSQL dialect (PGlite speaks it too) over one of our `Queryable`s. */
export class QueryableDialect implements Dialect {
  constructor(private readonly queryable: Queryable) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new QueryableDriver(this.queryable);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

const typedOnes = new WeakMap<Queryable, Kysely<DB>>();

/**
 * Typed queries on the database or on a transaction it opened: `typed(tx).selectFrom("bookings")...execute()` runs
 * in that transaction. One Kysely per queryable, made on first use (a transaction's lives as long as it does).
 */
export function typed(queryable: Queryable): Kysely<DB> {
  let kysely = typedOnes.get(queryable);
  if (!kysely) {
    kysely = new Kysely<DB>({ dialect: new QueryableDialect(queryable) });
    typedOnes.set(queryable, kysely);
  }
  return kysely;
}

/** Builds statements only, for `compiledOnce`: running one through it is a mistake it says so. */
const builder = typed({
  query: () => Promise.reject(new Error("compiledOnce's builder runs nothing: call the function it returns")),
  exec: () => Promise.reject(new Error("compiledOnce's builder runs nothing")),
});

/** A statement Kysely compiles: a builder's, or an `sql` template's (given the builder). */
type Statement<O> = { compile(db: Kysely<DB>): CompiledQuery<O> };

/** A named parameter of a statement `compiledOnce` compiles; its value comes with each run. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A statement compiled once, when the module loads, and run with new values each time: for the booking post's path,
 * where building and compiling every request would cost CPU (decision 64). `build` gets the builder and the
 * parameters by name, and answers a builder's statement or an `sql` template; each parameter stands for one value: compare an array with `= any(...)`, not `in`, which would take
 * it for a list written out.
 */
export function compiledOnce<P extends Record<string, unknown>, O>(
  build: (db: Kysely<DB>, params: P) => Statement<O>,
): (queryable: Queryable, values: P) => Promise<O[]> {
  const params = new Proxy({}, { get: (_, name) => new Slot(String(name)) }) as P;
  const { sql, parameters } = build(builder, params).compile(builder);
  const values = (given: P) => parameters.map((value) => (value instanceof Slot ? given[value.name] : value));
  return (queryable, given) => queryable.query<O & Row>(sql, values(given));
}
