import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The restricted-key permission each Stripe SDK call needs, as the Dashboard names it (Stripe's
 * API permissions reference, docs.stripe.com/keys/permissions-reference). Write includes read.
 * A call the functions make that is missing here stops `npm run docs:config`.
 */
export const permissionByCall: Readonly<Record<string, string>> = {
  "checkout.sessions.create": "Checkout Sessions: Write",
  "checkout.sessions.retrieve": "Checkout Sessions: Read",
  "checkout.sessions.list": "Checkout Sessions: Read",
  "prices.retrieve": "Prices: Read",
  "prices.list": "Prices: Read",
  "customers.list": "Customers: Read",
  "customers.retrieve": "Customers: Read",
  "customers.search": "Customers: Read",
  "subscriptions.list": "Subscriptions: Read",
  "subscriptions.retrieve": "Subscriptions: Read",
  "subscriptions.search": "Subscriptions: Read",
  "subscriptions.update": "Subscriptions: Write",
  "subscriptions.cancel": "Subscriptions: Write",
  "invoices.list": "Invoices: Read",
  "invoices.retrieve": "Invoices: Read",
  "invoices.createPreview": "Invoices: Read",
  "invoices.voidInvoice": "Invoices: Write",
  "refunds.create": "Refunds: Write",
  "events.retrieve": "Events: Read",
  "billingPortal.sessions.create": "Customer portal: Write",
  "billingPortal.configurations.create": "Customer portal: Write",
  "billingPortal.configurations.list": "Customer portal: Read",
};

export interface StripeCall {
  fn: string;
  call: string;
  permission: string | undefined;
}

// `stripe.prices.retrieve(`, `stripe.checkout.sessions.create(`: the SDK client is always
// named `stripe` in the functions.
const CALL = /\bstripe\.((?:[a-zA-Z]+\.)+[a-zA-Z]+)\(/g;

/** Every Stripe call in the functions' sources, by function, with the permission it needs. */
export function stripeCalls(root = process.cwd()): StripeCall[] {
  const functionsDir = join(root, "supabase/functions");
  const calls = new Map<string, StripeCall>();
  const folders = readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "tests")
    .map((entry) => entry.name)
    .sort();
  for (const fn of folders) {
    const files = readdirSync(join(functionsDir, fn)).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
    );
    for (const file of files) {
      const text = readFileSync(join(functionsDir, fn, file), "utf8");
      for (const [, call] of text.matchAll(CALL)) {
        if (call!.startsWith("errors.")) continue;
        calls.set(`${fn} ${call}`, { fn, call: call!, permission: permissionByCall[call!] });
      }
    }
  }
  return [...calls.values()];
}
