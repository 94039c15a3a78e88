import { describe, it } from "vitest";
import { contractCases } from "./contract-cases.ts";

// The contract on Node; supabase/functions/tests/feed-cadence-test.ts runs it on Deno.
describe("feed-cadence on Node", () => {
  for (const { name, run } of contractCases) it(name, run);
});
