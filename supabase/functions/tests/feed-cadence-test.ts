import { contractCases } from "../feed-cadence/contract-cases.ts";

// The same handler as on Supabase, on real Deno, against the local fixture host; Vitest runs
// the same cases on Node (feed-cadence/handler.test.ts).
for (const { name, run } of contractCases) Deno.test(name, run);
