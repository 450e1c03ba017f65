#!/usr/bin/env bash
# Two API processes and two workers on one PostgreSQL, behind a round-robin proxy (no
# sticky sessions), as scaled out in production: the compiled build, a PostgreSQL and an
# SMTP sink this script starts itself, the demo data. Checks, failing loudly on any miss:
# a write through one process is seen at once through the other (read cache coherence),
# a live notification reaches a stream held by the other process, the login limit counts
# across both, each scheduled sweep runs once per tick across the two workers (all set to
# every 5 s), and the mixed bench (`npm run bench -- --mix`, MIX_SECONDS s at scale 1)
# runs through the proxy with no error. `--no-build` reuses build/. Cleans up on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
export PATH="$ROOT/node_modules/.bin:$PATH"

NAME=two-process
# shellcheck source=scripts/smoke/common.sh
source scripts/smoke/common.sh

MIX_SECONDS="${MIX_SECONDS:-15}"
DB_PORT_SMOKE=$(free_port)
SMTP_PORT_SMOKE=$(free_port)
HTTP_PORT=$(free_port)
PORT_B=$(free_port)
PROXY_PORT=$(free_port)
URL_A="http://127.0.0.1:$HTTP_PORT"
URL_B="http://127.0.0.1:$PORT_B"
PROXY="http://127.0.0.1:$PROXY_PORT"

if [[ "${1:-}" != "--no-build" ]]; then
  say "1/6 build"
  node ace build >"$WORK/build.log" 2>&1
fi

say "2/6 PostgreSQL on $DB_PORT_SMOKE, SMTP sink on $SMTP_PORT_SMOKE, migrations and demo data"
node --import @poppinss/ts-exec scripts/smoke/postgres.ts "$DB_PORT_SMOKE" contracts_two_process \
  >"$WORK/postgres.log" 2>&1 &
PIDS+=($!)
node scripts/smoke/smtp_sink.mjs "$SMTP_PORT_SMOKE" "$WORK/mailbox.jsonl" >"$WORK/smtp.log" 2>&1 &
PIDS+=($!)
wait_for_line 120 "$WORK/postgres.log" ready
wait_for_line 30 "$WORK/smtp.log" ready
production_env contracts_two_process
# The version check is throttled per IP, and the bench client is one IP (as in npm run bench)
export APP_VERSIONS_RATE_LIMIT=0
(cd build && node ace migration:run --force && node ace db:seed) >"$WORK/migrate.log" 2>&1

say "3/6 API A ($URL_A), API B ($URL_B), two workers, the proxy ($PROXY)"
cd build
PORT="$HTTP_PORT" DB_APPLICATION_NAME=api-a node bin/server.js >"$WORK/api-a.log" 2>&1 &
PIDS+=($!)
PORT="$PORT_B" DB_APPLICATION_NAME=api-b node bin/server.js >"$WORK/api-b.log" 2>&1 &
PIDS+=($!)
start_worker "$WORK/worker-1.log"
start_worker "$WORK/worker-2.log"
cd "$ROOT"
node scripts/smoke/round_robin_proxy.mjs "$PROXY_PORT" "$URL_A" "$URL_B" >"$WORK/proxy.log" 2>&1 &
PIDS+=($!)
wait_for_http 60 "$URL_A/api/v1/health"
wait_for_http 60 "$URL_B/api/v1/health"
wait_for_line 10 "$WORK/proxy.log" ready
# Both processes LISTEN for live notifications once their listener has connected
deadline=$((SECONDS + 20))
until [[ "$(node -e '
  const pg = require("pg")
  const c = new pg.Client({ host: "127.0.0.1", port: process.argv[1], user: "postgres",
    password: "postgres", database: "contracts_two_process" })
  c.connect().then(() => c.query(`SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE application_name IN ($$api-a:live$$, $$api-b:live$$) AND query LIKE $$LISTEN%$$`))
   .then((r) => { console.log(r.rows[0].n); return c.end() })' "$DB_PORT_SMOKE")" == "2" ]]; do
  ((SECONDS < deadline)) || { say "the API processes do not both LISTEN"; exit 1; }
  sleep 0.3
done

say "4/6 cache coherence, live notifications, shared limits"
node scripts/smoke/two_process_checks.mjs "$URL_A" "$URL_B"

say "5/6 the schedules (every 5 s) on both workers"
# three ticks of every schedule, across both workers (each tick runs on whichever claims it)
for command in $(cd build && schedule_commands); do
  deadline=$((SECONDS + 40))
  until (($(cat "$WORK"/worker-*.log | grep "scheduled run done" |
    grep -c "\"command\":\"$command\"") >= 3)); do
    ((SECONDS < deadline)) || { say "$command did not run 3 times on the two workers"; exit 1; }
    sleep 0.5
  done
done
if grep -q "scheduled run failed" "$WORK"/worker-*.log; then
  say "a scheduled run failed:"; grep -h "scheduled run failed" "$WORK"/worker-*.log | head -n 3; exit 1
fi
node scripts/smoke/two_process_checks.mjs --schedules "$WORK/worker-1.log" "$WORK/worker-2.log"

say "6/6 the mixed bench through the proxy ($MIX_SECONDS s at scale 1)"
node ace bench --mix --url "$PROXY" --metrics-urls "$URL_A,$URL_B" --areas app_versions \
  --scales 1 --duration "$MIX_SECONDS" --results "$WORK/bench.json" >"$WORK/bench.log" 2>&1 ||
  { say "the mixed bench failed or had errors"; exit 1; }
grep -E "x1 mix: " "$WORK/bench.log" | sed 's/^/   /'
say "passed"
