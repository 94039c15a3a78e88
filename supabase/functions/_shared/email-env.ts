import { z } from "zod";
import { BRAND_NAME } from "./contract.ts";
import { hasLineBreak } from "./email.ts";
import {
  envProblems,
  FunctionConfigError,
  isLoopbackHost,
  optional,
  secureApiBase,
} from "./env.ts";

/** The sender when none is configured: for the local outbox and a stand-in on loopback. */
export const LOCAL_EMAIL_FROM = `${BRAND_NAME} <no-reply@localhost>`;

// "Name <address>" or a bare address, on one line.
const fromHeader = z
  .string()
  .refine(
    (value) =>
      !hasLineBreak(value) && /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(value),
    {
      message: "must be an address or Name <address>, on one line",
    },
  );

/** The variables every function that sends e-mail reads. */
export const emailEnvShape = {
  RESEND_API_KEY: optional(z.string()),
  EMAIL_FROM: optional(fromHeader),
  RESEND_API_BASE: optional(secureApiBase),
};

export const emailEnvSchema = z.object(emailEnvShape);

export interface EmailConfig {
  /** Undefined: nothing is sent; every message stays in the outbox as `local`. */
  apiKey: string | undefined;
  apiBase: string | undefined;
  from: string;
}

export class EmailConfigError extends FunctionConfigError {
  constructor(problems: readonly string[]) {
    super("e-mail", problems);
    this.name = "EmailConfigError";
  }
}

/**
 * Resend's settings. With a key, EMAIL_FROM is required (Resend sends only from a verified
 * domain), unless RESEND_API_BASE is a stand-in on this machine, which verifies no domain;
 * without a key, messages are kept in the outbox for `npm run outbox`.
 */
export function parseEmailEnv(env: Record<string, string | undefined>): EmailConfig {
  const result = emailEnvSchema.safeParse(env);
  if (!result.success) throw new EmailConfigError(envProblems(result.error));
  const vars = result.data;
  const standIn =
    vars.RESEND_API_BASE !== undefined && isLoopbackHost(new URL(vars.RESEND_API_BASE).hostname);
  if (vars.RESEND_API_KEY !== undefined && vars.EMAIL_FROM === undefined && !standIn) {
    throw new EmailConfigError([
      "EMAIL_FROM is required with RESEND_API_KEY (an address on a domain verified in Resend)",
    ]);
  }
  return {
    apiKey: vars.RESEND_API_KEY,
    apiBase: vars.RESEND_API_BASE,
    from: vars.EMAIL_FROM ?? LOCAL_EMAIL_FROM,
  };
}
