import { createCheckoutHandlerFromEnv } from "./from-env.ts";

const handler = createCheckoutHandlerFromEnv(Deno.env.toObject());

// No socket address on purpose: behind Supabase's relay it is the relay's, so the rate limiter
// keys on the client's x-forwarded-for entry instead.
Deno.serve((req) => handler(req));
