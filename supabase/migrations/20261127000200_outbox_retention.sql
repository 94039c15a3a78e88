-- The e-mails about a cancellation, withdrawal or undo live as long as the request they are
-- about (the Privacy Policy: deleted with it). Each of them names its request in `ref`
-- (supabase/functions/manage-subscription/emails.ts), so pruning a request deletes them too.

create index email_outbox_ref on private.email_outbox (ref);

-- Deletes a bounded batch of requests past their retention and every e-mail about them, then
-- the e-mails of up to `batch` requests already deleted another way (by hand, or before this
-- migration). Returns how many requests were deleted.
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
                          'withdrawal_outcome')
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
