-- Hardening of the manage-subscription function's requests (docs/security.md): leases that
-- name their holder, one withdrawal per subscription, and the undo link's check.

-- A worker holds a request by a lease: `locked_until`, and `lease_owner`, a token drawn when the
-- request is recorded or claimed. Every later write names the token, so a worker whose lease
-- ran out and was taken by another writes nothing (supabase/functions/manage-subscription/
-- store.ts). Rows written before this migration hold no token: a retry's claim gives them one.
alter table private.subscription_requests add column lease_owner uuid;

-- One withdrawal per subscription: the request that inserts the row (one INSERT ... ON CONFLICT
-- DO NOTHING RETURNING) ends the subscription and refunds its payment; another request that
-- withdrew it meanwhile leaves both alone. A payment is refunded for one subscription only.
-- Kept as long as the withdrawal that made it (deleted with it, on its retention).
create table private.subscription_withdrawals (
  subscription_id text primary key check (length(subscription_id) <= 100),
  request_id uuid not null references private.subscription_requests (id) on delete cascade,
  -- The refund planned when the claim was taken; null when a person works it out.
  payment_intent text unique check (length(payment_intent) <= 100),
  amount integer check (amount > 0),
  currency text check (length(currency) <= 10),
  claimed_at timestamptz not null default statement_timestamp()
);
create index subscription_withdrawals_request_id on private.subscription_withdrawals (request_id);

-- "Keep my subscription" undoes only the subscription's latest cancellation: the requests whose
-- outcome names it are found by containment.
create index subscription_requests_outcome_subscriptions on private.subscription_requests
  using gin ((outcome -> 'subscriptions') jsonb_path_ops);
