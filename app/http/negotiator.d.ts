// The content negotiation the `compression` middleware uses; its package ships no types.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | undefined> });
    encoding(available: string[], preferred?: string[]): string | undefined;
  }
}
