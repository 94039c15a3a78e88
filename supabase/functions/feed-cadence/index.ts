import { createFeedCadenceHandlerFromEnv } from "./from-env.ts";

const handler = createFeedCadenceHandlerFromEnv(Deno.env.toObject());

// As create-checkout: Cloudflare, in front of every Supabase project, sets cf-connecting-ip to
// the address that connected to it (docs/decisions/006-checkout-client-address.md).
Deno.serve((req) => handler(req, { clientIp: req.headers.get("cf-connecting-ip") ?? undefined }));
