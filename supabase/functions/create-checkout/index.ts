import { createCheckoutHandlerFromEnv } from "./from-env.ts";

// Supabase sets SUPABASE_DB_URL in every function: the project's Postgres, where the rate
// limits (and the feed cache) are counted for all isolates together.
const handler = createCheckoutHandlerFromEnv(Deno.env.toObject());

// The socket address is the relay's, and X-Forwarded-For starts with whatever the caller
// wrote. Cloudflare, in front of every Supabase project, sets cf-connecting-ip to the address
// that connected to it (docs/decisions/006-checkout-client-address.md).
Deno.serve((req) => handler(req, { clientIp: req.headers.get("cf-connecting-ip") ?? undefined }));
