-- What the functions keep between requests: rate-limit windows, the feed cache and the e-mail
-- outbox. Everything lives in the `private` schema, which Supabase's Data API does not expose:
-- only the functions (over SUPABASE_DB_URL) and the operator (SQL) reach it.

create schema if not exists private;
revoke all on schema private from public;

-- One row per limiter and client (or e-mail address) with a live or recently expired window.
-- `key_hash` is a SHA-256 of the key, so no address is stored in clear. A hit is one
-- INSERT ... ON CONFLICT ... DO UPDATE ... RETURNING (supabase/functions/_shared/rate-limit.ts).
create table private.rate_limit_windows (
  name text not null,
  key_hash text not null,
  window_start timestamptz not null,
  expires_at timestamptz not null,
  hits integer not null check (hits >= 1),
  primary key (name, key_hash)
);
create index rate_limit_windows_expires_at on private.rate_limit_windows (expires_at);

-- The feed function's answers, keyed by a SHA-256 of the normalized feed URL. Only lasting
-- answers are stored (a feed's cadence, or a refusal that says something about the feed).
create table private.feed_cache (
  url_hash text primary key,
  answer jsonb not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  constraint feed_cache_answer_size check (octet_length(answer::text) <= 65536)
);
create index feed_cache_expires_at on private.feed_cache (expires_at);
create index feed_cache_created_at on private.feed_cache (created_at);

-- Every e-mail the functions send, written before it is sent. `status`: queued (to be sent or
-- retried), sent (the provider accepted it; `provider_id` is its id), failed (given up after the
-- last attempt) or local (no provider configured: kept here for `npm run outbox`).
-- `last_error` holds our own words about the last failure, never a provider's raw answer.
create table private.email_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null check (to_address !~ '[\r\n]' and length(to_address) <= 320),
  subject text not null check (subject !~ '[\r\n]' and length(subject) <= 998),
  text_body text not null,
  html_body text not null,
  kind text not null check (length(kind) between 1 and 64),
  ref text check (length(ref) <= 200),
  status text not null check (status in ('queued', 'sent', 'failed', 'local')),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text check (length(last_error) <= 200),
  provider_id text check (length(provider_id) <= 200),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  next_attempt_at timestamptz
);
create index email_outbox_created_at on private.email_outbox (created_at desc);
create index email_outbox_due on private.email_outbox (next_attempt_at) where status = 'queued';
create index email_outbox_kind_ref on private.email_outbox (kind, ref);

-- Retention: expired windows and cache rows are worthless. The functions delete them a bounded
-- batch at a time as they run (private.prune_function_state); an operator may also call it,
-- or schedule it with pg_cron. `as_of` is the time to judge expiry by (the functions pass their
-- own clock). Returns the number of rows deleted.
create function private.prune_function_state(
  batch integer default 500,
  as_of timestamptz default statement_timestamp()
)
returns integer
language sql
as $$
  with windows as (
    delete from private.rate_limit_windows
    where (name, key_hash) in (
      select name, key_hash from private.rate_limit_windows
      where expires_at <= as_of
      limit batch
    )
    returning 1
  ),
  answers as (
    delete from private.feed_cache
    where url_hash in (
      select url_hash from private.feed_cache
      where expires_at <= as_of
      limit batch
    )
    returning 1
  )
  select ((select count(*) from windows) + (select count(*) from answers))::integer
$$;
revoke all on function private.prune_function_state(integer, timestamptz) from public;
