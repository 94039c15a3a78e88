-- What the stripe-webhook function keeps (docs/decisions/022-stripe-webhook-and-mirror.md):
-- the ids of the events it has acted on, a mirror of each subscription, the consent record of
-- each checkout, and which yearly reminders were sent. No card data anywhere.

-- One row per Stripe event acted on: a redelivery finds its id and does nothing twice. Ids and
-- types only, no personal data; kept 35 days, past the 3 days Stripe retries and the 30 days it
-- keeps events for a manual resend.
create table private.stripe_events (
  id text primary key check (id ~ '^evt_[A-Za-z0-9_]+$' and length(id) <= 255),
  type text not null check (length(type) <= 100),
  created timestamptz not null,
  received_at timestamptz not null default statement_timestamp()
);
create index stripe_events_received_at on private.stripe_events (received_at);

-- The subscriptions as Stripe last told us, newest event first: `event_created` is the
-- `created` time of the event the row was written from, so an older event arriving late never
-- overwrites a newer one. `customer_email` is the address as Stripe has it, `mailbox` its
-- canonical form (supabase/functions/_shared/mailbox.ts), which look-ups compare.
create table private.subscriptions (
  id text primary key check (id ~ '^sub_' and length(id) <= 255),
  customer_id text not null check (length(customer_id) <= 255),
  customer_email text check (length(customer_email) <= 320),
  mailbox text check (length(mailbox) <= 320),
  plan text check (length(plan) <= 64),
  price_id text check (length(price_id) <= 255),
  status text not null check (length(status) <= 32),
  started_at timestamptz,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  -- When it ended (canceled or expired); null while it lives. Retention counts from here.
  ended_at timestamptz,
  event_created timestamptz not null,
  updated_at timestamptz not null default statement_timestamp()
);
create index subscriptions_mailbox on private.subscriptions (mailbox);
create index subscriptions_ended_at on private.subscriptions (ended_at);

-- What the buyer agreed to at checkout, as Checkout showed it: the Terms checkbox's text and
-- the line beside Pay (the strings create-checkout sends), the express-start question and the
-- answer chosen, and when. Amounts in the currency's minor unit. Kept three years, or one year
-- after the subscription ends if that is later.
create table private.subscription_consents (
  checkout_session_id text primary key check (length(checkout_session_id) <= 255),
  subscription_id text not null unique check (length(subscription_id) <= 255),
  customer_email text not null check (length(customer_email) <= 320),
  plan text check (length(plan) <= 64),
  amount_total bigint,
  currency text check (length(currency) <= 8),
  terms_accepted boolean not null,
  terms_text text check (length(terms_text) <= 2000),
  submit_text text check (length(submit_text) <= 2000),
  express_start_question text check (length(express_start_question) <= 200),
  express_start_answer text check (length(express_start_answer) <= 200),
  consented_at timestamptz not null,
  recorded_at timestamptz not null default statement_timestamp()
);
create index subscription_consents_recorded_at on private.subscription_consents (recorded_at);

-- One row per yearly reminder sent: the anniversary it was for, so each is sent once. Its
-- e-mail is the outbox row of kind 'renewal_reminder' whose `ref` is the subscription.
create table private.renewal_reminders (
  subscription_id text not null check (length(subscription_id) <= 255),
  anniversary timestamptz not null,
  sent_at timestamptz not null default statement_timestamp(),
  primary key (subscription_id, anniversary)
);

-- Deletes, a bounded batch of each, what has passed its retention: event ids after 35 days;
-- a consent record three years after it was made once its subscription has been over for a
-- year (with the confirmation e-mail, whose `ref` is the checkout session); a mirror row and
-- its reminders (and their e-mails, whose `ref` is the subscription) a year after it ended and
-- once no consent record needs its end date. Returns how many rows it deleted in all.
create or replace function private.prune_subscription_records(
  batch integer default 500,
  as_of timestamptz default statement_timestamp()
)
returns integer
language sql
as $$
  with old_events as (
    delete from private.stripe_events
    where id in (
      select id from private.stripe_events
      where received_at <= as_of - interval '35 days' limit batch
    )
    returning 1
  ),
  old_consents as (
    delete from private.subscription_consents consent
    where checkout_session_id in (
      select c.checkout_session_id from private.subscription_consents c
      where c.recorded_at <= as_of - interval '3 years'
        and not exists (
          select 1 from private.subscriptions s
          where s.id = c.subscription_id
            and (s.ended_at is null or s.ended_at > as_of - interval '1 year')
        )
      limit batch
    )
    returning checkout_session_id
  ),
  consent_mail as (
    delete from private.email_outbox mail using old_consents
    where mail.kind = 'subscription_confirmation' and mail.ref = old_consents.checkout_session_id
    returning 1
  ),
  old_subscriptions as (
    delete from private.subscriptions s
    where s.id in (
      select m.id from private.subscriptions m
      where m.ended_at <= as_of - interval '1 year'
        and not exists (
          select 1 from private.subscription_consents c
          where c.subscription_id = m.id and c.recorded_at > as_of - interval '3 years'
        )
      limit batch
    )
    returning s.id
  ),
  their_reminders as (
    delete from private.renewal_reminders r using old_subscriptions
    where r.subscription_id = old_subscriptions.id
    returning 1
  ),
  reminder_mail as (
    delete from private.email_outbox mail using old_subscriptions
    where mail.kind = 'renewal_reminder' and mail.ref = old_subscriptions.id
    returning 1
  )
  select ((select count(*) from old_events) + (select count(*) from old_consents)
    + (select count(*) from old_subscriptions))::integer;
$$;
revoke all on function private.prune_subscription_records(integer, timestamptz) from public;
