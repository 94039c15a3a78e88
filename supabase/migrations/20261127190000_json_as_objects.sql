-- Until this migration, the functions bound their JSON to `$n::jsonb` as a string, which
-- postgres.js (the driver on Supabase and with DATABASE_URL) serializes once more: each value
-- was stored as one JSON string holding the object's text. `->` and `@>` never match such a
-- value, so an undo link could not find its cancellation. Rows written that way become the
-- objects they spell; feed answers, a cache, are dropped and read again.

update private.subscription_requests
   set statement = (statement #>> '{}')::jsonb
 where jsonb_typeof(statement) = 'string';

update private.subscription_requests
   set outcome = (outcome #>> '{}')::jsonb
 where jsonb_typeof(outcome) = 'string';

delete from private.feed_cache where jsonb_typeof(answer) = 'string';
