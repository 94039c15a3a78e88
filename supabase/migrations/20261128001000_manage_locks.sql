-- One truth per subscription, and e-mail that waits rather than floods (docs/security.md).

-- A lease on one subscription while a cancellation, a "Keep my subscription" or a withdrawal
-- checks it, writes to Stripe and saves what it did: the next one waits for the lease, so no
-- two of them interleave (supabase/functions/manage-subscription/store.ts). A holder that dies
-- frees it when `locked_until` passes. Rows hold no personal data and are deleted on release.
create table private.subscription_locks (
  subscription_id text primary key check (length(subscription_id) <= 100),
  holder uuid not null,
  locked_until timestamptz not null
);

-- `held`: an e-mail past the hourly ceiling (MANAGE_EMAIL_RATE_LIMIT_GLOBAL) or its mailbox's
-- hourly limit (MANAGE_EMAIL_RATE_LIMIT). It waits here, never dropped, until
-- `next_attempt_at`, when the limits are asked again; `last_error` says which held it.
alter table private.email_outbox drop constraint email_outbox_status_check;
alter table private.email_outbox add constraint email_outbox_status_check
  check (status in ('queued', 'sent', 'failed', 'local', 'held'));
create index email_outbox_held on private.email_outbox (next_attempt_at) where status = 'held';

-- The sweep of e-mails whose request is gone knows the notice that a withdrawal waits, too.
create or replace function private.prune_subscription_requests(
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
    returning id::text as ref
  ),
  their_mail as (
    delete from private.email_outbox mail using gone where mail.ref = gone.ref
    returning 1
  ),
  -- The kinds manage-subscription sends; a request is written before any e-mail about it, so
  -- one of these whose request is missing outlived it.
  orphans as (
    delete from private.email_outbox
    where id in (
      select mail.id from private.email_outbox mail
      where mail.kind in ('cancellation', 'cancellation_received', 'withdrawal_receipt',
                          'withdrawal_pending', 'withdrawal_outcome')
        and not exists (
          select 1 from private.subscription_requests request where request.id::text = mail.ref
        )
      limit batch
    )
    returning 1
  )
  select count(*)::integer from gone;
$$;
revoke all on function private.prune_subscription_requests(integer, timestamptz) from public;
