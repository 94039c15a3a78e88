-- The change-plan links that were used: each works once. A row is kept only until its link
-- would have expired anyway (the function deletes older ones as it writes).
create schema if not exists private;

create table if not exists private.plan_link_uses (
  nonce text primary key check (length(nonce) between 1 and 64),
  subscription_id text not null check (length(subscription_id) between 1 and 100),
  expires_at timestamptz not null,
  used_at timestamptz not null default now()
);

create index if not exists plan_link_uses_expires_at on private.plan_link_uses (expires_at);

-- No grant of its own: the schema `private` is closed to public (20261127000000), like every
-- other table in it.
