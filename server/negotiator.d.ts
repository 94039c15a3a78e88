// negotiator 1.x ships no types and @types/negotiator describes 0.6, which lacks `preferred`.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | undefined> });
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
