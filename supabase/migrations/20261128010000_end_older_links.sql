-- The end-older links (a second subscription's confirmation e-mail; the manage-subscription
-- function's end-older.ts) are recorded with the change-plan links: each works once. Unlike a
-- change-plan link, whose use is done once the portal opens, ending an older subscription is
-- two Stripe writes (cancel, then refund): `done` stays false until both are made, and
-- `progress` holds what was planned and made, so the job runner resumes one that Stripe
-- interrupted, with the same idempotency keys, and never cancels or refunds twice.
alter table private.plan_link_uses
  add column done boolean not null default true,
  add column purpose text not null default 'change-plan'
    check (purpose in ('change-plan', 'end-older')),
  add column customer_id text check (length(customer_id) between 1 and 100),
  add column progress jsonb,
  add column attempts integer not null default 0,
  add column next_attempt_at timestamptz,
  add column last_error text check (length(last_error) <= 200);

-- The job runner's look-up: unfinished uses whose next attempt is due.
create index if not exists plan_link_uses_unfinished
  on private.plan_link_uses (next_attempt_at) where not done;
