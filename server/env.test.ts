import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function withEnvFile(text: string): string {
  dir = mkdtempSync(join(tmpdir(), "castloop-env-unit-"));
  writeFileSync(join(dir, ".env"), text);
  return dir;
}

describe("loadEnv", () => {
  it("reads .env, and the environment wins over it", () => {
    const cwd = withEnvFile(
      'SITE_URL=https://from-file.example\nVITE_SUPPORT_EMAIL="help@from-file.example"\nPORT=4000\n',
    );
    const env = loadEnv({ cwd, environment: { SITE_URL: "https://from-env.example" } });
    expect(env.public.SITE_URL).toBe("https://from-env.example");
    expect(env.public.VITE_SUPPORT_EMAIL).toBe("help@from-file.example");
    expect(env.server.PORT).toBe(4000);
    expect(env.vars.SITE_URL).toBe("https://from-env.example");
  });

  it("derives SITE_URL from PORT when neither sets it", () => {
    const env = loadEnv({ cwd: withEnvFile("PORT=4100\n"), environment: {} });
    expect(env.public.SITE_URL).toBe("http://localhost:4100");
    expect(env.vars.SITE_URL).toBe("http://localhost:4100");
  });

  it("works without a .env file", () => {
    const env = loadEnv({ cwd: tmpdir(), environment: {} });
    expect(env.server).toEqual({
      HOST: "127.0.0.1",
      PORT: 3000,
      TRUSTED_PROXY_HOPS: 0,
      LOCAL_DB_DIR: ".cache/db",
    });
  });

  it("fails once, naming every bad variable and what is wrong", () => {
    const cwd = withEnvFile("VITE_SUPPORT_EMAIL=nobody\nTRUSTED_PROXY_HOPS=two\n");
    const attempt = () =>
      loadEnv({
        cwd,
        environment: {
          STRIPE_API_BASE: "ftp://x",
          CHECKOUT_RATE_LIMIT: "-1",
          DATABASE_URL: "mysql://db.example/site",
          RESEND_API_BASE: "http://resend.example",
          FEED_RATE_LIMIT: "lots",
        },
      });
    expect(attempt).toThrow(/VITE_SUPPORT_EMAIL/);
    expect(attempt).toThrow(/TRUSTED_PROXY_HOPS must be a whole number/);
    expect(attempt).toThrow(/STRIPE_API_BASE/);
    expect(attempt).toThrow(/CHECKOUT_RATE_LIMIT/);
    expect(attempt).toThrow(/FEED_RATE_LIMIT must be a whole number of feed look-ups per minute/);
    expect(attempt).toThrow(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(attempt).toThrow(/RESEND_API_BASE must use https:/);
  });
});
