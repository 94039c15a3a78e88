import { ensureFreshBuild } from "../server/fresh-build.ts";

/** The port and origin the tests' build is made for and served at (E2E_PORT picks a private one). */
export const e2ePort = Number(process.env.E2E_PORT ?? 4310);
export const e2eOrigin = `http://127.0.0.1:${e2ePort}`;

/**
 * The environment the tests' build is made and served with: canonical links and share images
 * name this origin. The shared test server has no Stripe configuration; checkout specs start
 * their own server.
 */
export const testServerEnv = {
  PORT: String(e2ePort),
  SITE_URL: e2eOrigin,
  STRIPE_SECRET_KEY: "",
  CHECKOUT_RATE_LIMIT: "0",
  // Each test server its own database in memory, gone when it stops.
  LOCAL_DB_DIR: "memory",
} as const;

/** Builds the site for the tests unless build/ already holds that build (one build per run). */
export function ensureTestBuild(): boolean {
  return ensureFreshBuild({ ...process.env, ...testServerEnv });
}
