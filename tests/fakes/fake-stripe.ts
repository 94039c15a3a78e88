import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { Buffer } from "node:buffer";
import process from "node:process";
import { pathToFileURL } from "node:url";

/**
 * A small local stand-in for the Stripe API that the real `stripe` SDK talks to through
 * STRIPE_API_BASE. It creates Checkout Sessions, serves a fake hosted checkout page, records
 * every API request, and can be told to fail, stall or drop the next requests. Like Stripe, it
 * answers a repeated `Idempotency-Key` with the first answer when the parameters match, and
 * with an `idempotency_error` when they do not. Only successful creations are remembered, and
 * a second request arriving while the first with its key is still running is not modelled.
 * It also answers `GET /v1/prices/:id` with a recurring USD price that is tax-inclusive unless
 * `setPriceTaxBehavior` says otherwise; those reads are recorded apart (`priceRetrievals`), and
 * `failNext`, `delayNext` and `dropNext` leave them alone (`failNextPriceRetrieval` aims there).
 * For the manage-subscription function it also keeps customers, subscriptions, invoices and
 * refunds, listed, updated, canceled and created as the public API does.
 */

export type FakeStripeErrorType =
  | "api_error"
  | "card_error"
  | "idempotency_error"
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "rate_limit_error";

export interface FakeStripeError {
  type: FakeStripeErrorType;
  /** Defaults to the status Stripe uses for the type (rate_limit_error → 429, …). */
  status?: number;
  code?: string;
  message?: string;
  /** The request parameter the error is about, as Stripe names it. */
  param?: string;
  /** Sent as `Stripe-Should-Retry`, which the SDK obeys before its own retry rules. */
  shouldRetry?: boolean;
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** Form-encoded body as flat keys, e.g. `line_items[0][price]`. */
  params: Record<string, string>;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  idempotencyKey: string | undefined;
  /** The caller closed the connection before the answer was sent (an aborted fetch, say). */
  closedEarly: boolean;
}

export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string | undefined;
  priceId: string | undefined;
  params: Record<string, string>;
}

export interface FakeCustomer {
  id: string;
  object: "customer";
  email: string | null;
  created: number;
}

export interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: "active" | "trialing" | "past_due" | "canceled" | "incomplete" | "unpaid";
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  start_date: number;
  created: number;
  /** Only in API versions before 2025-03-31 (`legacyPeriods`); newer ones keep it on items. */
  current_period_start?: number;
  current_period_end?: number;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      price: { id: string; object: "price"; product: string };
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

export interface FakeInvoice {
  id: string;
  object: "invoice";
  subscription: string;
  status: "paid" | "open" | "draft" | "void";
  amount_paid: number;
  currency: string;
  payment_intent: string | null;
  period_start: number;
  period_end: number;
  created: number;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  payment_intent: string;
  amount: number;
  status: "succeeded";
}

export interface SubscriptionSeed {
  email: string;
  price?: string;
  status?: FakeSubscription["status"];
  /** Days before now that the subscription started (default 30). */
  startedDaysAgo?: number;
  /** Days the current period has left (default 20); the period is 30 days long. */
  periodDaysLeft?: number;
  /** The amount paid for the current period, in cents (default 14900); 0 for no invoice. */
  amountPaid?: number;
  /** Omit the invoice's payment intent. */
  noPaymentIntent?: boolean;
  /** Put the period on the subscription, as API versions before 2025-03-31 did. */
  legacyPeriods?: boolean;
  /** A second paid invoice too (a plan change, say). */
  extraInvoice?: boolean;
}

export interface FakeStripe {
  /** Base URL to use as STRIPE_API_BASE, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Every API request received (`/v1/…`) but price reads, including failed and dropped ones. */
  readonly requests: RecordedRequest[];
  /** Every `GET /v1/prices/:id`, including failed and dropped ones. */
  readonly priceRetrievals: RecordedRequest[];
  readonly sessions: ReadonlyMap<string, FakeCheckoutSession>;
  readonly customers: ReadonlyMap<string, FakeCustomer>;
  readonly subscriptions: ReadonlyMap<string, FakeSubscription>;
  readonly invoices: ReadonlyMap<string, FakeInvoice>;
  readonly refunds: ReadonlyMap<string, FakeRefund>;
  /** Customer portal configurations made through the API, with the parameters sent. */
  readonly portalConfigurations: ReadonlyMap<string, FakePortalConfiguration>;
  /** Customer portal sessions created; each URL serves a page naming its subscription. */
  readonly portalSessions: ReadonlyMap<string, FakePortalSession>;
  /** Adds a customer with a subscription (and its paid invoice); reuses a customer by e-mail. */
  seedSubscription(seed: SubscriptionSeed): FakeSubscription;
  /** Adds an unpaid (open) renewal invoice to a subscription, as a failed renewal leaves one. */
  seedOpenInvoice(subscriptionId: string): FakeInvoice;
  /** Answer the next `times` API requests with this Stripe error. */
  failNext(error: FakeStripeError, times?: number): void;
  /** Hold the next `times` API requests for `ms` before answering normally. */
  delayNext(ms: number, times?: number): void;
  /** Destroy the connection of the next `times` API requests without answering. */
  dropNext(times?: number): void;
  /**
   * What `GET /v1/prices/:id` says the price's `tax_behavior` is (default "inclusive");
   * `"absent"` leaves the field out, as an older stand-in might.
   */
  setPriceTaxBehavior(priceId: string, taxBehavior: FakeTaxBehavior): void;
  /** Answer the next `times` price reads with this error, or drop them unanswered. */
  failNextPriceRetrieval(error: FakeStripeError | "drop", times?: number): void;
  /** Forget requests, sessions, idempotency keys and queued behaviours; ids restart at 1. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakePortalConfiguration {
  id: string;
  object: "billing_portal.configuration";
  active: boolean;
  metadata: Record<string, string>;
  /** The form parameters it was made with, as flat keys. */
  params: Record<string, string>;
}

export interface FakePortalSession {
  id: string;
  object: "billing_portal.session";
  customer: string;
  configuration: string | null;
  return_url: string | null;
  url: string;
  /** `flow_data[subscription_update][subscription]`, when the session opens that flow. */
  subscription: string | undefined;
}

export interface FakeStripeOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Keep only the latest N requests and sessions (default: all); bounds memory under load. */
  historyLimit?: number;
}

export type FakeTaxBehavior = "inclusive" | "exclusive" | "unspecified" | "absent";

type Behaviour =
  { kind: "fail"; error: FakeStripeError } | { kind: "delay"; ms: number } | { kind: "drop" };

const DEFAULT_ERRORS: Record<
  FakeStripeErrorType,
  { status: number; code?: string; message: string }
> = {
  api_error: { status: 500, message: "Stripe had an internal error (fake)." },
  card_error: { status: 402, code: "card_declined", message: "Your card was declined." },
  idempotency_error: {
    status: 400,
    message:
      "Keys for idempotent requests can only be used with the same parameters they were first used with.",
  },
  invalid_request_error: {
    status: 400,
    code: "resource_missing",
    message: "No such price: 'price_1FakeLeakedPriceId'",
  },
  authentication_error: { status: 401, message: "Invalid API Key provided: sk_test_****fake" },
  permission_error: {
    status: 403,
    message:
      "The provided key 'rk_test_****fake' does not have the required permissions for this endpoint.",
  },
  rate_limit_error: {
    status: 429,
    code: "rate_limit",
    message: "Request rate limit exceeded. Stripe asks you to slow down.",
  },
};

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const host = options.host ?? "127.0.0.1";
  const historyLimit = options.historyLimit ?? Infinity;
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const customers = new Map<string, FakeCustomer>();
  const subscriptions = new Map<string, FakeSubscription>();
  const portalConfigurations = new Map<string, FakePortalConfiguration>();
  const portalSessions = new Map<string, FakePortalSession>();
  const invoices = new Map<string, FakeInvoice>();
  const refunds = new Map<string, FakeRefund>();
  let objects = 0;
  const nextId = (prefix: string) =>
    `${prefix}_fake${(objects += 1)}${Math.random().toString(36).slice(2, 8)}`;
  const queue: Behaviour[] = [];
  const priceRetrievals: RecordedRequest[] = [];
  const priceQueue: Behaviour[] = [];
  const taxBehaviors = new Map<string, FakeTaxBehavior>();
  /** Idempotency-Key → the form body it was first used with and the answer it got. */
  const idempotent = new Map<string, { rawBody: string; body: unknown }>();
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let counter = 0;
  let priceCounter = 0;
  let baseUrl = "";

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent)
        sendJson(res, 500, { error: { type: "api_error", message: "Fake failed." } });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const rawBody = await readText(req);

    if (req.method === "GET" && path.startsWith("/checkout/")) {
      const session = sessions.get(decodeURIComponent(path.slice("/checkout/".length)));
      sendHtml(res, session === undefined ? 404 : 200, checkoutPage(session));
      return;
    }
    if (req.method === "GET" && path.startsWith("/portal/")) {
      const session = portalSessions.get(decodeURIComponent(path.slice("/portal/".length)));
      sendHtml(res, session === undefined ? 404 : 200, portalPage(session));
      return;
    }
    if (!path.startsWith("/v1/")) {
      sendJson(res, 404, { error: { type: "invalid_request_error", message: "Not found." } });
      return;
    }

    // The SDK sends a GET's parameters in the query, a POST's in the form body.
    const query = new URL(req.url ?? "/", "http://fake").searchParams;
    const params = Object.fromEntries(
      req.method === "GET" || req.method === "DELETE" ? query : new URLSearchParams(rawBody),
    );
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(", ") : (value ?? ""),
      ]),
    );
    const record: RecordedRequest = {
      method: req.method ?? "",
      path,
      params,
      headers,
      idempotencyKey: headers["idempotency-key"],
      closedEarly: false,
    };
    const priceMatch = req.method === "GET" ? /^\/v1\/prices\/([^/]+)$/.exec(path) : null;
    const history = priceMatch === null ? requests : priceRetrievals;
    history.push(record);
    res.on("close", () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    if (history.length > historyLimit) history.splice(0, history.length - historyLimit);
    // Price reads number their own, so the sessions' request ids read as before.
    const requestId =
      priceMatch === null ? `req_fake_${++counter}` : `req_fake_price_${++priceCounter}`;

    const behaviour = (priceMatch === null ? queue : priceQueue).shift();
    if (behaviour?.kind === "drop") {
      req.socket.destroy();
      return;
    }
    if (behaviour?.kind === "delay") {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, behaviour.ms);
        timers.add(timer);
      });
      if (res.destroyed) return;
    }
    if (behaviour?.kind === "fail") {
      sendStripeError(res, behaviour.error, requestId);
      return;
    }

    if (!(headers.authorization ?? "").startsWith("Bearer ")) {
      sendStripeError(
        res,
        { type: "authentication_error", message: "You did not provide an API key." },
        requestId,
      );
      return;
    }
    if (priceMatch !== null) {
      const id = decodeURIComponent(priceMatch[1] ?? "");
      const taxBehavior = taxBehaviors.get(id) ?? "inclusive";
      sendJson(res, 200, priceObject(id, taxBehavior), requestId);
      return;
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const key = headers["idempotency-key"];
      const earlier = key === undefined ? undefined : idempotent.get(key);
      if (earlier !== undefined) {
        if (earlier.rawBody !== rawBody) {
          sendStripeError(res, { type: "idempotency_error" }, requestId);
        } else {
          sendJson(res, 200, earlier.body, requestId, { "Idempotent-Replayed": "true" });
        }
        return;
      }
      const invalid = invalidSessionParams(params);
      if (invalid !== undefined) {
        sendStripeError(res, { type: "invalid_request_error", message: invalid }, requestId);
        return;
      }
      const id = `cs_test_fake_${counter}_${Math.random().toString(36).slice(2, 10)}`;
      const session: FakeCheckoutSession = {
        id,
        object: "checkout.session",
        url: `${baseUrl}/checkout/${id}`,
        mode: params.mode,
        priceId: params["line_items[0][price]"],
        params,
      };
      sessions.set(id, session);
      if (sessions.size > historyLimit) sessions.delete(sessions.keys().next().value ?? "");
      const body = {
        id,
        object: session.object,
        url: session.url,
        mode: session.mode,
        status: "open",
        livemode: false,
      };
      if (key !== undefined) {
        idempotent.set(key, { rawBody, body });
        if (idempotent.size > historyLimit) idempotent.delete(idempotent.keys().next().value ?? "");
      }
      sendJson(res, 200, body, requestId);
      return;
    }
    const key = headers["idempotency-key"];
    if (key !== undefined && req.method !== "GET") {
      const earlier = idempotent.get(`${req.method} ${path} ${key}`);
      if (earlier !== undefined) {
        sendJson(res, 200, earlier.body, requestId, { "Idempotent-Replayed": "true" });
        return;
      }
    }
    const answer = billingAnswer(req.method ?? "", path, params);
    if ("error" in answer) {
      sendStripeError(res, answer.error, requestId);
      return;
    }
    if (key !== undefined && req.method !== "GET") {
      idempotent.set(`${req.method} ${path} ${key}`, { rawBody, body: answer.body });
    }
    sendJson(res, 200, answer.body, requestId);
  }

  const list = (url: string, data: unknown[]) => ({ object: "list", data, has_more: false, url });
  /**
   * An invoice as the API (2025-03-31 and later) shows it: no `payment_intent` field; its
   * payments only when asked for with `expand[]=data.payments` (an includable property).
   */
  const invoiceView = (invoice: FakeInvoice, expand: readonly string[]) => {
    const { payment_intent: intent, ...shown } = invoice;
    if (!expand.includes("data.payments")) return shown;
    const payment = {
      id: `inpay_${invoice.id}`,
      object: "invoice_payment",
      amount_paid: invoice.amount_paid,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      status: "paid",
      payment:
        intent === null
          ? { type: "charge", charge: `ch_${invoice.id}` }
          : { type: "payment_intent", payment_intent: intent },
    };
    return { ...shown, payments: list(`/v1/invoice_payments?invoice=${invoice.id}`, [payment]) };
  };
  const missing = (what: string, id: string): { error: FakeStripeError } => ({
    error: {
      type: "invalid_request_error",
      status: 404,
      code: "resource_missing",
      message: `No such ${what}: '${id}'`,
    },
  });

  /** The customer portal's configuration and session endpoints, as Stripe answers them. */
  function portalAnswer(
    method: string,
    path: string,
    params: Record<string, string>,
  ): { body: unknown } | { error: FakeStripeError } | undefined {
    if (method === "GET" && path === "/v1/billing_portal/configurations") {
      const active = params.active === undefined ? undefined : params.active === "true";
      const found = [...portalConfigurations.values()]
        .filter((entry) => active === undefined || entry.active === active)
        .map(({ params: _sent, ...shown }) => shown);
      return { body: list(path, found) };
    }
    if (method === "POST" && path === "/v1/billing_portal/configurations") {
      if (params["features[subscription_update][enabled]"] === undefined) {
        return { error: { type: "invalid_request_error", message: "Missing features." } };
      }
      const metadata = Object.fromEntries(
        Object.entries(params)
          .filter(([name]) => name.startsWith("metadata["))
          .map(([name, value]) => [name.slice("metadata[".length, -1), value]),
      );
      const configuration: FakePortalConfiguration = {
        id: nextId("bpc"),
        object: "billing_portal.configuration",
        active: true,
        metadata,
        params,
      };
      portalConfigurations.set(configuration.id, configuration);
      return {
        body: {
          id: configuration.id,
          object: configuration.object,
          active: true,
          metadata,
        },
      };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = params.customer ?? "";
      if (!customers.has(customer)) return missing("customer", customer);
      const configuration = params.configuration;
      if (configuration !== undefined && !portalConfigurations.has(configuration)) {
        return {
          error: { ...missing("configuration", configuration).error, param: "configuration" },
        };
      }
      const subscription = params["flow_data[subscription_update][subscription]"];
      if (subscription !== undefined && subscriptions.get(subscription)?.customer !== customer) {
        return missing("subscription", subscription);
      }
      const id = nextId("bps");
      const session: FakePortalSession = {
        id,
        object: "billing_portal.session",
        customer,
        configuration: configuration ?? null,
        return_url: params.return_url ?? null,
        url: `${baseUrl}/portal/${id}`,
        subscription,
      };
      portalSessions.set(id, session);
      return { body: session };
    }
    return undefined;
  }

  /** The customer, subscription, invoice and refund endpoints, as Stripe answers them. */
  function billingAnswer(
    method: string,
    path: string,
    params: Record<string, string>,
  ): { body: unknown } | { error: FakeStripeError } {
    const portal = portalAnswer(method, path, params);
    if (portal !== undefined) return portal;
    if (method === "GET" && path === "/v1/customers") {
      // Stripe's e-mail filter is exact (case-sensitive).
      const found = [...customers.values()].filter(
        (c) => params.email === undefined || c.email === params.email,
      );
      return { body: list(path, found) };
    }
    if (method === "GET" && path === "/v1/customers/search") {
      // Stripe's search compares a string without regard to case (and lags writes, which a
      // stand-in need not copy). Only the `email:"…"` form this site sends is understood.
      const query = /^email:"((?:[^"\\]|\\.)*)"$/.exec(params.query ?? "");
      if (query === null) {
        return {
          error: {
            type: "invalid_request_error",
            status: 400,
            code: "parameter_invalid_string",
            message: "This stand-in searches customers by email only.",
          },
        };
      }
      const wanted = (query[1] ?? "").replace(/\\(.)/g, "$1").toLowerCase();
      const found = [...customers.values()].filter((c) => c.email?.toLowerCase() === wanted);
      return {
        body: { object: "search_result", url: path, has_more: false, next_page: null, data: found },
      };
    }
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === "GET" && customerPath !== null) {
      const id = decodeURIComponent(customerPath[1] ?? "");
      const customer = customers.get(id);
      return customer === undefined ? missing("customer", id) : { body: customer };
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      // Like Stripe: without a status, every subscription but the canceled ones.
      const status = params.status;
      const found = [...subscriptions.values()].filter(
        (s) =>
          (params.customer === undefined || s.customer === params.customer) &&
          (params.price === undefined || s.items.data.some((i) => i.price.id === params.price)) &&
          (status === "all"
            ? true
            : status === undefined
              ? s.status !== "canceled"
              : s.status === status),
      );
      return { body: list(path, found) };
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionPath !== null) {
      const id = decodeURIComponent(subscriptionPath[1] ?? "");
      const subscription = subscriptions.get(id);
      if (subscription === undefined) return missing("subscription", id);
      if (method === "GET") return { body: subscription };
      if (subscription.status === "canceled") {
        return {
          error: {
            type: "invalid_request_error",
            status: 400,
            message: `A canceled subscription can only update its cancellation_details and metadata.`,
          },
        };
      }
      if (method === "POST") {
        const value = params.cancel_at_period_end;
        if (value !== undefined) {
          if (value !== "true" && value !== "false") {
            return {
              error: {
                type: "invalid_request_error",
                message: "Invalid boolean: cancel_at_period_end",
              },
            };
          }
          subscription.cancel_at_period_end = value === "true";
        }
        return { body: subscription };
      }
      if (method === "DELETE") {
        subscription.status = "canceled";
        subscription.canceled_at = Math.floor(Date.now() / 1000);
        return { body: subscription };
      }
    }
    if (method === "GET" && path === "/v1/invoices") {
      const found = [...invoices.values()].filter(
        (i) =>
          (params.subscription === undefined || i.subscription === params.subscription) &&
          (params.status === undefined || i.status === params.status),
      );
      const expand = Object.entries(params)
        .filter(([name]) => name === "expand[]" || /^expand\[\d+\]$/.test(name))
        .map(([, value]) => value);
      return {
        body: list(
          path,
          found.map((i) => invoiceView(i, expand)),
        ),
      };
    }
    const voidPath = /^\/v1\/invoices\/([^/]+)\/void$/.exec(path);
    if (method === "POST" && voidPath !== null) {
      const id = decodeURIComponent(voidPath[1] ?? "");
      const invoice = invoices.get(id);
      if (invoice === undefined) return missing("invoice", id);
      // As Stripe: only an open invoice can be voided.
      if (invoice.status !== "open") {
        return {
          error: {
            type: "invalid_request_error",
            code: "invoice_not_open",
            message: `You can only void an open invoice; this one is ${invoice.status}.`,
          },
        };
      }
      invoice.status = "void";
      return { body: invoiceView(invoice, []) };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = params.payment_intent ?? "";
      const invoice = [...invoices.values()].find(
        (i) => i.payment_intent === intent && intent !== "",
      );
      if (invoice === undefined) return missing("payment_intent", intent);
      const amount = Number(params.amount ?? invoice.amount_paid);
      const refunded = [...refunds.values()]
        .filter((r) => r.payment_intent === intent)
        .reduce((sum, r) => sum + r.amount, 0);
      if (!Number.isInteger(amount) || amount < 1 || amount + refunded > invoice.amount_paid) {
        return {
          error: {
            type: "invalid_request_error",
            code: "amount_too_large",
            message: "Refund amount is greater than unrefunded amount on charge",
          },
        };
      }
      const refund: FakeRefund = {
        id: nextId("re"),
        object: "refund",
        payment_intent: intent,
        amount,
        status: "succeeded",
      };
      refunds.set(refund.id, refund);
      return { body: refund };
    }
    return {
      error: {
        type: "invalid_request_error",
        status: 404,
        message: `Unrecognized request URL (${method}: ${path}).`,
      },
    };
  }

  function seedSubscription(seed: SubscriptionSeed): FakeSubscription {
    const day = 24 * 60 * 60;
    const now = Math.floor(Date.now() / 1000);
    let customer = [...customers.values()].find((c) => c.email === seed.email);
    if (customer === undefined) {
      customer = { id: nextId("cus"), object: "customer", email: seed.email, created: now };
      customers.set(customer.id, customer);
    }
    const periodEnd = now + (seed.periodDaysLeft ?? 20) * day;
    const periodStart = periodEnd - 30 * day;
    const started = now - (seed.startedDaysAgo ?? 30) * day;
    const subscription: FakeSubscription = {
      id: nextId("sub"),
      object: "subscription",
      customer: customer.id,
      status: seed.status ?? "active",
      cancel_at_period_end: false,
      canceled_at: null,
      start_date: started,
      created: started,
      items: {
        object: "list",
        data: [
          {
            id: nextId("si"),
            object: "subscription_item",
            price: {
              id: seed.price ?? "price_test_pro_fake",
              object: "price",
              // The product GET /v1/prices/:id names.
              product: `prod_fake_${seed.price ?? "price_test_pro_fake"}`,
            },
            current_period_start: periodStart,
            current_period_end: periodEnd,
          },
        ],
      },
      ...(seed.legacyPeriods
        ? { current_period_start: periodStart, current_period_end: periodEnd }
        : {}),
    };
    subscriptions.set(subscription.id, subscription);
    const paid = seed.amountPaid ?? 14_900;
    const invoiceCount = paid === 0 ? 0 : seed.extraInvoice ? 2 : 1;
    for (let index = 0; index < invoiceCount; index += 1) {
      const invoice: FakeInvoice = {
        id: nextId("in"),
        object: "invoice",
        subscription: subscription.id,
        status: "paid",
        amount_paid: paid,
        currency: "usd",
        payment_intent: seed.noPaymentIntent ? null : nextId("pi"),
        period_start: periodStart,
        period_end: periodEnd,
        created: periodStart,
      };
      invoices.set(invoice.id, invoice);
    }
    return subscription;
  }

  function seedOpenInvoice(subscriptionId: string): FakeInvoice {
    const now = Math.floor(Date.now() / 1000);
    const invoice: FakeInvoice = {
      id: nextId("in"),
      object: "invoice",
      subscription: subscriptionId,
      status: "open",
      amount_paid: 0,
      currency: "usd",
      payment_intent: nextId("pi"),
      period_start: now,
      period_end: now + 30 * 24 * 60 * 60,
      created: now,
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string")
    throw new Error("Fake Stripe has no TCP address");
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;

  const enqueue = (behaviour: Behaviour, times: number) => {
    for (let index = 0; index < times; index += 1) queue.push(behaviour);
  };

  return {
    url: baseUrl,
    requests,
    priceRetrievals,
    sessions,
    customers,
    subscriptions,
    invoices,
    seedOpenInvoice,
    refunds,
    portalConfigurations,
    portalSessions,
    seedSubscription,
    failNext: (error, times = 1) => enqueue({ kind: "fail", error }, times),
    delayNext: (ms, times = 1) => enqueue({ kind: "delay", ms }, times),
    dropNext: (times = 1) => enqueue({ kind: "drop" }, times),
    setPriceTaxBehavior: (priceId, taxBehavior) => taxBehaviors.set(priceId, taxBehavior),
    failNextPriceRetrieval(error, times = 1) {
      const behaviour: Behaviour = error === "drop" ? { kind: "drop" } : { kind: "fail", error };
      for (let index = 0; index < times; index += 1) priceQueue.push(behaviour);
    },
    reset() {
      requests.length = 0;
      priceRetrievals.length = 0;
      sessions.clear();
      customers.clear();
      subscriptions.clear();
      invoices.clear();
      refunds.clear();
      portalConfigurations.clear();
      portalSessions.clear();
      idempotent.clear();
      queue.length = 0;
      priceQueue.length = 0;
      taxBehaviors.clear();
      counter = 0;
      priceCounter = 0;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A recurring monthly USD price as Stripe's API returns it, with the fields the function reads. */
function priceObject(id: string, taxBehavior: FakeTaxBehavior): Record<string, unknown> {
  return {
    id,
    object: "price",
    active: true,
    currency: "usd",
    livemode: false,
    product: `prod_fake_${id}`,
    recurring: { interval: "month", interval_count: 1 },
    type: "recurring",
    ...(taxBehavior === "absent" ? {} : { tax_behavior: taxBehavior }),
  };
}

function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  requestId?: string,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, {
    "Content-Type": "application/json",
    ...(requestId === undefined ? {} : { "Request-Id": requestId }),
    ...extra,
  });
  res.end(JSON.stringify(body));
}

function sendStripeError(res: ServerResponse, error: FakeStripeError, requestId: string): void {
  const defaults = DEFAULT_ERRORS[error.type];
  const headers: Record<string, string> = { ...error.headers };
  if (error.shouldRetry !== undefined) headers["Stripe-Should-Retry"] = String(error.shouldRetry);
  const body = {
    error: {
      type: error.type,
      code: error.code ?? defaults.code,
      message: error.message ?? defaults.message,
      ...(error.param === undefined ? {} : { param: error.param }),
      request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
    },
  };
  sendJson(res, error.status ?? defaults.status, body, requestId, headers);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(html);
}

/** Stripe's own checks on the consent, custom-text and custom-field parameters, as documented. */
function invalidSessionParams(params: Record<string, string>): string | undefined {
  const terms = params["consent_collection[terms_of_service]"];
  if (terms !== undefined && terms !== "none" && terms !== "required") {
    return `Invalid consent_collection[terms_of_service]: must be one of none or required`;
  }
  for (const key of ["submit", "terms_of_service_acceptance"]) {
    const message = params[`custom_text[${key}][message]`];
    if (message !== undefined && (message.trim() === "" || message.length > 1200)) {
      return `Invalid custom_text[${key}][message]: must be 1 to 1200 characters`;
    }
  }
  if (
    params["custom_text[terms_of_service_acceptance][message]"] !== undefined &&
    terms !== "required"
  ) {
    return "custom_text[terms_of_service_acceptance] requires consent_collection[terms_of_service]=required";
  }
  const tax = params["automatic_tax[enabled]"];
  if (tax !== undefined && tax !== "true" && tax !== "false") {
    return "Invalid automatic_tax[enabled]: must be a boolean";
  }
  for (let i = 0; params[`custom_fields[${i}][key]`] !== undefined; i++) {
    const field = (name: string) => params[`custom_fields[${i}]${name}`];
    if (!/^[A-Za-z0-9]{1,200}$/.test(field("[key]") ?? "")) {
      return `Invalid custom_fields[${i}][key]: must be alphanumeric, up to 200 characters`;
    }
    const label = field("[label][custom]") ?? "";
    if (field("[label][type]") !== "custom" || label === "" || label.length > 50) {
      return `Invalid custom_fields[${i}][label]: a custom label of 1 to 50 characters`;
    }
    if (!["dropdown", "numeric", "text"].includes(field("[type]") ?? "")) {
      return `Invalid custom_fields[${i}][type]: must be one of dropdown, numeric or text`;
    }
    for (let j = 0; field(`[dropdown][options][${j}][value]`) !== undefined; j++) {
      const value = field(`[dropdown][options][${j}][value]`) ?? "";
      const optionLabel = field(`[dropdown][options][${j}][label]`) ?? "";
      if (!/^[A-Za-z0-9]{1,100}$/.test(value) || optionLabel === "" || optionLabel.length > 100) {
        return `Invalid custom_fields[${i}][dropdown][options][${j}]: label up to 100 characters, alphanumeric value`;
      }
    }
  }
  return undefined;
}

/** The session's required dropdowns: label and option labels, as Checkout would list them. */
function dropdowns(params: Record<string, string>): { label: string; options: string[] }[] {
  const fields: { label: string; options: string[] }[] = [];
  for (let i = 0; params[`custom_fields[${i}][key]`] !== undefined; i++) {
    if (params[`custom_fields[${i}][type]`] !== "dropdown") continue;
    const options: string[] = [];
    for (
      let j = 0;
      params[`custom_fields[${i}][dropdown][options][${j}][label]`] !== undefined;
      j++
    ) {
      options.push(params[`custom_fields[${i}][dropdown][options][${j}][label]`] ?? "");
    }
    fields.push({ label: params[`custom_fields[${i}][label][custom]`] ?? "", options });
  }
  return fields;
}

function checkoutPage(session: FakeCheckoutSession | undefined): string {
  const terms = session?.params["consent_collection[terms_of_service]"] === "required";
  const termsText =
    session?.params["custom_text[terms_of_service_acceptance][message]"] ??
    "I agree to the Terms of Service";
  const message = session?.params["custom_text[submit][message]"];
  const fields = session === undefined ? [] : dropdowns(session.params);
  const main =
    session === undefined
      ? "<h1>Checkout session not found</h1>"
      : `<h1>Fake Stripe Checkout</h1>\n<p>Session <code>${escapeHtml(session.id)}</code></p>\n` +
        `<p>Price <code data-testid="price-id">${escapeHtml(session.priceId ?? "")}</code></p>` +
        fields
          .map(
            (field) =>
              `\n<label>${escapeHtml(field.label)} <select required data-testid="custom-field"><option value=""></option>` +
              field.options.map((option) => `<option>${escapeHtml(option)}</option>`).join("") +
              `</select></label>`,
          )
          .join("") +
        (terms
          ? `\n<label><input type="checkbox" required data-testid="terms"> <span data-testid="terms-text">${escapeHtml(termsText)}</span></label>`
          : "") +
        (message ? `\n<p data-testid="submit-text">${escapeHtml(message)}</p>` : "");
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>\n<body>\n${main}\n</body>\n</html>\n`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function isMainModule(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && import.meta.url === pathToFileURL(entry).href;
}

if (isMainModule()) {
  const fake = await startFakeStripe({
    port: Number(process.env.FAKE_STRIPE_PORT ?? 0),
    host: process.env.FAKE_STRIPE_HOST,
    historyLimit: 10_000,
  });
  console.log(fake.url);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** The stand-in's portal: a page that names the subscription whose plan the session changes. */
function portalPage(session: FakePortalSession | undefined): string {
  const title = session === undefined ? "No such portal session" : "Fake Stripe customer portal";
  const body =
    session === undefined
      ? "<p>No such portal session.</p>"
      : `<p data-portal-subscription="${session.subscription ?? ""}">Update the plan of ${session.subscription ?? "no subscription"} for ${session.customer}.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}
