-- The e-mails about a cancellation, a withdrawal or a "Keep my subscription" go with the request
-- they are about: each carries the request's id as its `ref`, and when a request passes its
-- retention (`retain_until`), the copies of those e-mails in private.email_outbox are deleted
-- in the same statement. The Privacy Policy states both periods as one.

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
    returning id
  ),
  -- A data-modifying WITH runs whether or not the final select reads it.
  mail as (
    delete from private.email_outbox
    where ref in (select id::text from gone)
    returning 1
  )
  select count(*)::integer from gone;
$$;
revoke all on function private.prune_subscription_requests(integer, timestamptz) from public;
