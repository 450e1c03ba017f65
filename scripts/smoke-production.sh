#!/usr/bin/env bash
# Proves the production path of the README ("Deploying") on this machine, the
# same steps the Dockerfile runs (marked [Dockerfile] below):
#   build -> npm ci --omit=dev in build/ -> migration:run --force -> server + worker,
# against a PostgreSQL this script starts itself (the embedded binaries), with a
# local SMTP sink. Seeds the demo data (`node ace db:seed` works in build/), checks
# health, liveness and metrics, sends one e-mail through the worker (register + forgot
# password), has the compiled worker build a personal data export (ready, its e-mail,
# the link downloads the archive) and run every schedule once (all set to every 5 s),
# then SIGTERMs both processes and reports how long each took to exit. Exits non-zero on any failure; cleans up on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
export PATH="$ROOT/node_modules/.bin:$PATH"

NAME=smoke
# shellcheck source=scripts/smoke/common.sh
source scripts/smoke/common.sh

# Sends SIGTERM to $1 (a child of this shell) and sets STOP_CODE and STOP_MS
stop_and_time() {
  local start
  start=$(date +%s%3N)
  kill -TERM "$1"
  set +e
  wait "$1"
  STOP_CODE=$?
  set -e
  STOP_MS=$(($(date +%s%3N) - start))
}

DB_PORT_SMOKE=$(free_port)
SMTP_PORT_SMOKE=$(free_port)
HTTP_PORT=$(free_port)
MAILBOX="$WORK/mailbox.jsonl"
touch "$MAILBOX"

say "1/8 build [Dockerfile: build stage]"
node ace build >"$WORK/build.log" 2>&1

say "2/8 production dependencies in build/ [Dockerfile: npm ci --omit=dev]"
(cd build && npm ci --omit=dev --no-audit --no-fund >"$WORK/npm-ci.log" 2>&1)

say "3/8 PostgreSQL on $DB_PORT_SMOKE, SMTP sink on $SMTP_PORT_SMOKE"
node --import @poppinss/ts-exec scripts/smoke/postgres.ts "$DB_PORT_SMOKE" contracts_smoke \
  >"$WORK/postgres.log" 2>&1 &
PIDS+=($!)
node scripts/smoke/smtp_sink.mjs "$SMTP_PORT_SMOKE" "$MAILBOX" >"$WORK/smtp.log" 2>&1 &
PIDS+=($!)
wait_for_line 120 "$WORK/postgres.log" ready
wait_for_line 30 "$WORK/smtp.log" ready

production_env contracts_smoke

cd build
say "4/8 migrations [compose: migrate service]"
node ace migration:run --force >"$WORK/migrate.log" 2>&1
node ace db:seed >"$WORK/seed.log" 2>&1
say "   migrated; demo data seeded from build/"

say "5/8 server and worker [Dockerfile: CMD; compose: api, worker]"
node bin/server.js >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
PIDS+=($SERVER_PID)
# Every schedule every 5 s, so each runs once here
SCHEDULE_COMMANDS=$(schedule_commands)
start_worker "$WORK/worker.log"
wait_for_http 60 "$APP_URL/api/v1/health"
wait_for_http 10 "$APP_URL/api/v1/health/live"
say "   health 200, live 200"

METRICS="$(node -e 'fetch(process.argv[1],{headers:{authorization:"Bearer "+process.env.METRICS_TOKEN}}).then(r=>r.text()).then(t=>process.stdout.write(t))' "$APP_URL/api/v1/metrics")"
FAMILIES=(http_request_duration_seconds db_pool_connections outbox_deliveries
  outbox_oldest_pending_age_seconds outbox_status_up read_cache_lookups_total process_cpu_seconds_total
  process_resident_memory_bytes nodejs_eventloop_lag_seconds nodejs_heap_size_used_bytes)
for family in "${FAMILIES[@]}"; do
  grep -q "^# TYPE $family " <<<"$METRICS" || { say "metrics: $family missing"; exit 1; }
done
say "   metrics: ${#FAMILIES[@]} families present ($(grep -c '^# TYPE ' <<<"$METRICS") in all)"

say "6/8 one e-mail through the worker"
EMAIL="smoke-$RANDOM@smoke.test"
status=$(http_status POST "$APP_URL/api/v1/auth/register" \
  "{\"name\":\"Smoke Test\",\"email\":\"$EMAIL\",\"password\":\"smoke-password-1\"}")
[[ "$status" == "201" || "$status" == "200" ]] || { say "register answered $status"; exit 1; }
status=$(http_status POST "$APP_URL/api/v1/auth/password/forgot" "{\"email\":\"$EMAIL\"}")
[[ "$status" == "202" ]] || { say "forgot password answered $status"; exit 1; }
wait_for_line 60 "$MAILBOX" "$EMAIL"
say "   received: $(grep "$EMAIL" "$MAILBOX" | head -n 1)"

say "7/8 a personal data export through the compiled worker, and every schedule once"
TOKEN=$(node -e '
  fetch(process.argv[1], { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: process.argv[2], password: "smoke-password-1" }) })
    .then((r) => r.json()).then((b) => console.log(b.data.accessToken))' \
  "$APP_URL/api/v1/auth/login" "$EMAIL")
EXPORT_ID=$(node -e '
  fetch(process.argv[1], { method: "POST", headers: { authorization: `Bearer ${process.argv[2]}` } })
    .then((r) => r.json()).then((b) => console.log(b.data.id))' \
  "$APP_URL/api/v1/users/me/data-export" "$TOKEN")
EXPORT_STATUS=pending
deadline=$((SECONDS + 60))
while [[ "${EXPORT_STATUS%% *}" == "pending" ]] && ((SECONDS < deadline)); do
  sleep 1
  EXPORT_STATUS=$(node -e '
    fetch(process.argv[1], { headers: { authorization: `Bearer ${process.argv[2]}` } })
      .then((r) => r.json()).then((b) => console.log(b.data.status, b.data.failureReason ?? ""))' \
    "$APP_URL/api/v1/users/me/data-exports/$EXPORT_ID" "$TOKEN")
done
[[ "${EXPORT_STATUS%% *}" == "ready" ]] || { say "data export $EXPORT_ID: $EXPORT_STATUS"; exit 1; }
wait_for_line 30 "$MAILBOX" "api/v1/files/data-exports"
LINK=$(grep "api/v1/files/data-exports" "$MAILBOX" | tail -n 1 |
  node -e 'let s="";process.stdin.on("data",(c)=>s+=c).on("end",()=>console.log(JSON.parse(s).fileLinks[0]))')
DOWNLOADED=$(node -e '
  fetch(process.argv[1]).then(async (r) => console.log(r.status, (await r.json()).exportId))' "$LINK")
[[ "$DOWNLOADED" == "200 $EXPORT_ID" ]] || { say "the e-mailed link answered: $DOWNLOADED"; exit 1; }
say "   export $EXPORT_ID ready; the e-mailed link downloads its archive"
for command in $SCHEDULE_COMMANDS; do
  deadline=$((SECONDS + 60))
  until grep "scheduled run done" "$WORK/worker.log" | grep -q "\"command\":\"$command\""; do
    ((SECONDS < deadline)) || { say "schedule $command never completed"; exit 1; }
    sleep 0.5
  done
done
if grep -q "scheduled run failed" "$WORK/worker.log"; then
  say "a scheduled run failed:"; grep "scheduled run failed" "$WORK/worker.log" | head -n 3; exit 1
fi
say "   every schedule ran: $SCHEDULE_COMMANDS"

say "8/8 graceful shutdown (SIGTERM)"
stop_and_time "$SERVER_PID"
server_code=$STOP_CODE server_ms=$STOP_MS
stop_and_time "$WORKER_PID"
worker_code=$STOP_CODE worker_ms=$STOP_MS
say "   server exited $server_code after ${server_ms} ms; worker exited $worker_code after ${worker_ms} ms"
[[ "$server_code" == "0" && "$worker_code" == "0" ]] || { say "a process did not exit 0"; exit 1; }
PIDS=("${PIDS[@]:0:2}")
say "passed"
