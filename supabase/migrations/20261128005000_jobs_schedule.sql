-- Supabase Cron calls the manage-subscription function's jobs route every minute, which runs
-- all the due work: retries of requests and e-mails, withdrawals whose wait is over, the
-- yearly reminders and the pruning (docs/deployment.md, "Due work"). The URL and the secret
-- are read from Supabase Vault at each run, never written here: before the first run, store
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<the JOBS_SECRET value>', 'jobs_secret');
-- Where pg_cron, pg_net or Vault is not available (PGlite, a plain PostgreSQL, the tests) the
-- schedule is left out and a notice says so: the Node server runs the same work every minute.
do $migration$
declare
  missing text[];
begin
  select array_agg(name order by name) into missing
  from unnest(array['pg_cron', 'pg_net', 'supabase_vault']) as wanted(name)
  where not exists (select 1 from pg_available_extensions a where a.name = wanted.name);
  if missing is not null then
    raise notice 'Due-work schedule left out: % not available here (the Node server runs the due work itself)',
      array_to_string(missing, ', ');
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net;
  create extension if not exists supabase_vault;
  -- Dynamic SQL: the cron schema exists only once the extension does.
  execute $schedule$
    select cron.schedule(
      'castloop-due-work',
      '* * * * *',
      $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
               || '/functions/v1/manage-subscription/jobs',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'x-jobs-secret', (select decrypted_secret from vault.decrypted_secrets where name = 'jobs_secret')
        ),
        body := '{}'::jsonb,
        timeout_milliseconds := 55000
      ) as request_id;
      $job$
    )
  $schedule$;
end
$migration$;
