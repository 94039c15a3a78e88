import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { Buffer } from "node:buffer";

/**
 * A small local stand-in for Resend's `POST /emails`, for RESEND_API_BASE. It checks the
 * bearer key and the JSON body as Resend does, answers `{ id }`, records every request, and
 * can be told to fail, stall or drop the next ones. Like Resend, a repeated Idempotency-Key
 * gets the first answer and sends nothing again. Runs on Node and Deno.
 */

export interface FakeResendEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  idempotencyKey?: string;
}

export interface FakeResendRequest {
  method: string;
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: unknown;
}

export interface FakeResend {
  /** Base URL to use as RESEND_API_BASE, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Every request received, including refused and dropped ones. */
  readonly requests: FakeResendRequest[];
  /** Messages accepted (each once, whatever the retries with its idempotency key). */
  readonly emails: FakeResendEmail[];
  /** Answer the next `times` requests with this status and a Resend-style error body. */
  failNext(status: number, times?: number): void;
  /** Hold the next `times` requests for `ms` before answering normally. */
  delayNext(ms: number, times?: number): void;
  /** Destroy the connection of the next `times` requests without answering. */
  dropNext(times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

export interface FakeResendOptions {
  /** The key callers must send as `Authorization: Bearer …` (default: any `re_` key). */
  apiKey?: string;
  port?: number;
}

type Behaviour =
  { kind: "fail"; status: number } | { kind: "delay"; ms: number } | { kind: "drop" };

const MAX_BODY = 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error("body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const isText = (value: unknown): value is string => typeof value === "string";

export async function startFakeResend(options: FakeResendOptions = {}): Promise<FakeResend> {
  const requests: FakeResendRequest[] = [];
  const emails: FakeResendEmail[] = [];
  const byKey = new Map<string, string>();
  const queue: Behaviour[] = [];
  const sockets = new Set<Socket>();
  let counter = 0;

  const server = createServer(async (req, res) => {
    let raw = "";
    try {
      raw = await readBody(req);
    } catch {
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers[name] = value;
    }
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    requests.push({ method: req.method ?? "", path, headers, body });

    const behaviour = queue.shift();
    if (behaviour?.kind === "drop") {
      req.socket.destroy();
      return;
    }
    if (behaviour?.kind === "delay") await new Promise((r) => setTimeout(r, behaviour.ms));
    if (behaviour?.kind === "fail") {
      send(res, behaviour.status, {
        statusCode: behaviour.status,
        name: behaviour.status === 429 ? "rate_limit_exceeded" : "application_error",
        message: "The fake Resend was told to fail this request.",
      });
      return;
    }

    if (req.method !== "POST" || path !== "/emails") {
      send(res, 404, { statusCode: 404, name: "not_found", message: "Not found." });
      return;
    }
    const auth = headers.authorization ?? "";
    const key = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    if (options.apiKey === undefined ? !key.startsWith("re_") : key !== options.apiKey) {
      send(res, 401, { statusCode: 401, name: "missing_api_key", message: "Missing API key." });
      return;
    }
    const message = body as Record<string, unknown> | undefined;
    const to = message?.to;
    const recipients = isText(to) ? [to] : Array.isArray(to) && to.every(isText) ? to : undefined;
    if (
      message === undefined ||
      !isText(message.from) ||
      !isText(message.subject) ||
      recipients === undefined ||
      recipients.length === 0 ||
      !(isText(message.text) || isText(message.html))
    ) {
      send(res, 422, {
        statusCode: 422,
        name: "validation_error",
        message: "from, to, subject and text or html are required.",
      });
      return;
    }
    const idempotencyKey = headers["idempotency-key"];
    const earlier = idempotencyKey === undefined ? undefined : byKey.get(idempotencyKey);
    if (earlier !== undefined) {
      send(res, 200, { id: earlier });
      return;
    }
    counter += 1;
    const id = `fake-resend-${String(counter).padStart(4, "0")}`;
    if (idempotencyKey !== undefined) byKey.set(idempotencyKey, id);
    emails.push({
      id,
      from: message.from,
      to: recipients,
      subject: message.subject,
      text: isText(message.text) ? message.text : undefined,
      html: isText(message.html) ? message.html : undefined,
      idempotencyKey,
    });
    send(res, 200, { id });
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");

  const repeat = (behaviour: Behaviour, times: number) => {
    for (let index = 0; index < times; index += 1) queue.push(behaviour);
  };
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    emails,
    failNext: (status, times = 1) => repeat({ kind: "fail", status }, times),
    delayNext: (ms, times = 1) => repeat({ kind: "delay", ms }, times),
    dropNext: (times = 1) => repeat({ kind: "drop" }, times),
    reset() {
      requests.length = 0;
      emails.length = 0;
      byKey.clear();
      queue.length = 0;
      counter = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
