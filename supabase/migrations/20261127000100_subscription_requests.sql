-- Every cancellation, withdrawal and "Keep my subscription" the manage-subscription function
-- receives: who (the e-mail address given), what (the subscriptions found, the plan), when,
-- the outcome, and the id of the e-mail that reported it (private.email_outbox).
-- Retention (stated in the Privacy Policy): `retain_until` is set when the row is written;
-- the function deletes expired rows as it runs (private.prune_subscription_requests).
--   cancel, keep: 13 months, long enough to answer a dispute about a renewal charge;
--   withdraw: until the end of the third year after the year it was received, the statement
--   being our proof that it arrived and when.

create schema if not exists private;
revoke all on schema private from public;

create table private.subscription_requests (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('cancel', 'withdraw', 'keep')),
  -- The address given on the form, as typed (trimmed); null for `keep`, which carries none.
  email text check (email !~ '[\r\n]' and length(email) <= 320),
  -- A withdrawal's statement: name, plan, day of subscribing, where to confirm. Nothing else.
  statement jsonb check (statement is null or octet_length(statement::text) <= 4096),
  -- `keep`: the subscription named by the signed link.
  subscription_id text check (length(subscription_id) <= 100),
  received_at timestamptz not null default statement_timestamp(),
  -- pending: to be worked on (or retried at next_attempt_at); done; failed: given up after
  -- the last attempt; operator: done as far as it can be automatically, a person finishes it.
  status text not null default 'pending'
    check (status in ('pending', 'done', 'failed', 'operator')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default statement_timestamp(),
  -- While a worker holds the row: no second worker takes it before this passes.
  locked_until timestamptz,
  -- The subscriptions found and what was done to each (ids, plan, last paid day, refund).
  outcome jsonb check (outcome is null or octet_length(outcome::text) <= 32768),
  -- Our own words about the last failure, never a provider's raw answer.
  last_error text check (length(last_error) <= 200),
  ack_outbox_id text check (length(ack_outbox_id) <= 200),
  email_outbox_id text check (length(email_outbox_id) <= 200),
  completed_at timestamptz,
  retain_until timestamptz not null
);
create index subscription_requests_due on private.subscription_requests (next_attempt_at)
  where status = 'pending';
create index subscription_requests_retain_until on private.subscription_requests (retain_until);
create index subscription_requests_operator on private.subscription_requests (received_at)
  where status in ('operator', 'failed');

-- Deletes a bounded batch of rows past their retention; returns how many.
create function private.prune_subscription_requests(
  batch integer default 500,
  as_of timestamptz default statement_timestamp()
)
returns integer
language sql
as $$
  with gone as (
    delete from private.subscription_requests
    where id in (
      select id from private.subscription_requests where retain_until <= as_of limit batch
    )
    returning 1
  )
  select count(*)::integer from gone;
$$;
