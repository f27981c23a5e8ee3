// The few functions of the jsonld package (which ships no types) that tests/unit/structured-data.test.ts uses.
declare module "jsonld" {
  type Document = Record<string, unknown> | Record<string, unknown>[];
  type Options = {
    documentLoader?: (url: string) => Promise<{ document: unknown; documentUrl: string; contextUrl: null }>;
  };
  const jsonld: {
    expand(input: Document, options?: Options): Promise<Record<string, unknown>[]>;
    flatten(input: Document, context?: Document | null, options?: Options): Promise<Record<string, unknown>[]>;
    compact(input: Document, context: Document, options?: Options): Promise<Record<string, unknown>>;
  };
  export default jsonld;
}
