// node-postgres turns a JavaScript value into a query parameter's text here; its package ships no types for it.
declare module "pg/lib/utils.js" {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
