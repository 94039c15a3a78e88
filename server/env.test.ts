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

  it("reads PORT by one rule, 1 to 65535, and a blank PORT as the default", () => {
    for (const port of ["0", "65536", "80a"]) {
      expect(() => loadEnv({ cwd: withEnvFile(""), environment: { PORT: port } }), port).toThrow(
        /PORT must be a whole number from 1 to 65535/,
      );
    }
    expect(loadEnv({ cwd: withEnvFile(""), environment: { PORT: "65535" } }).server.PORT).toBe(
      65535,
    );
    expect(loadEnv({ cwd: withEnvFile(""), environment: { PORT: "  " } }).server.PORT).toBe(3000);
  });

  it("reads a blank public value as its default, like every other setting", () => {
    const env = loadEnv({ cwd: withEnvFile('VITE_CONTACT_URL="  "\n'), environment: {} });
    expect(env.public.VITE_CONTACT_URL).toBe("/contact");
  });
});

describe("the confirmation e-mail flag", () => {
  const cwd = () => mkdtempSync(join(tmpdir(), "castloop-env-flag-"));

  it("follows the webhook secret's presence, never its value, unless set itself", () => {
    dir = cwd();
    const secret = "whsec_flag_test_secret_value";
    const withSecret = loadEnv({ cwd: dir, environment: { STRIPE_WEBHOOK_SECRET: secret } });
    expect(withSecret.public.VITE_CONFIRMATION_EMAIL).toBe("true");
    expect(JSON.stringify(withSecret.public)).not.toContain(secret);
    expect(loadEnv({ cwd: dir, environment: {} }).public.VITE_CONFIRMATION_EMAIL).toBe("false");
    const hosted = loadEnv({ cwd: dir, environment: { VITE_CONFIRMATION_EMAIL: "true" } });
    expect(hosted.public.VITE_CONFIRMATION_EMAIL).toBe("true");
    const off = { VITE_CONFIRMATION_EMAIL: "false", STRIPE_WEBHOOK_SECRET: secret };
    expect(loadEnv({ cwd: dir, environment: off }).public.VITE_CONFIRMATION_EMAIL).toBe("false");
  });

  it("refuses a live Stripe key without the webhook's secret", () => {
    dir = cwd();
    expect(() => loadEnv({ cwd: dir, environment: { STRIPE_SECRET_KEY: "sk_live_fake" } })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required with a live STRIPE_SECRET_KEY/,
    );
  });
});
