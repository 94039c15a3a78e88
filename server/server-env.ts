import { z } from "zod";
import { blankToUndefined } from "../supabase/functions/_shared/env.ts";

/** The production server's own settings (the checkout function validates its own). */
export const serverEnvSchema = z.object({
  HOST: z.preprocess(blankToUndefined, z.string().trim().default("127.0.0.1")),
  /**
   * Reverse proxies in front of the server whose X-Forwarded-For entries are trusted; 0 keys the
   * rate limit on the socket's address (see server/client-address.ts).
   */
  TRUSTED_PROXY_HOPS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,2}$/, { message: "must be a whole number of proxies from 0 to 99" })
      .transform(Number)
      .default(0),
  ),
  /**
   * Where `npm start` keeps its embedded database (PGlite) when DATABASE_URL is unset:
   * a directory, or `memory` for one that dies with the server (the tests' servers).
   */
  LOCAL_DB_DIR: z.preprocess(blankToUndefined, z.string().trim().default(".cache/db")),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;
