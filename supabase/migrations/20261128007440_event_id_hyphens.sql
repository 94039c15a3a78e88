-- Stripe's ids are not promised to be letters, digits and underscores only; stand-ins and the
-- Stripe CLI's fixtures write hyphens too (evt_a-b). The event id keeps its prefix and length.
alter table private.stripe_events drop constraint stripe_events_id_check;
alter table private.stripe_events
  add constraint stripe_events_id_check check (id ~ '^evt_[A-Za-z0-9_-]+$' and length(id) <= 255);
