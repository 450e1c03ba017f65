#!/usr/bin/env bash
# Proves the production path of the README ("Deploying") on this machine, the
# same steps the Dockerfile runs (marked [Dockerfile] below):
#   build -> npm ci --omit=dev in build/ -> migration:run --force -> server + worker,
# against a PostgreSQL this script starts itself (the embedded binaries), with a
# local SMTP sink. Checks health, liveness and metrics, sends one e-mail through the
# worker (register + forgot password), then SIGTERMs both processes and reports how
# long each took to exit. Exits non-zero on any failure; cleans up on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
export PATH="$ROOT/node_modules/.bin:$PATH"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/smoke-production.XXXXXX")"
PIDS=()
say() { printf '[smoke] %s\n' "$*"; }
cleanup() {
  local code=$?
  for pid in "${PIDS[@]:-}"; do
    [[ -n "$pid" ]] && kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]:-}"; do
    [[ -n "$pid" ]] && wait "$pid" 2>/dev/null || true
  done
  if [[ $code -ne 0 ]]; then
    for log in "$WORK"/*.log; do
      [[ -f "$log" ]] || continue
      echo "----- $(basename "$log") (last 40 lines)"
      tail -n 40 "$log"
    done
  fi
  rm -rf "$WORK"
  exit $code
}
trap cleanup EXIT

# Waits until "$2" (a file) contains "$3", at most $1 seconds
wait_for_line() {
  local deadline=$((SECONDS + $1))
  until grep -q "$3" "$2" 2>/dev/null; do
    ((SECONDS < deadline)) || { say "timed out waiting for '$3' in $(basename "$2")"; return 1; }
    sleep 0.2
  done
}
# Prints the HTTP status of a request: http_status METHOD URL [JSON body] [bearer]
http_status() {
  node -e '
    const [method, url, body, token] = process.argv.slice(1)
    const headers = { "content-type": "application/json" }
    if (token) headers.authorization = `Bearer ${token}`
    fetch(url, { method, headers, body: body || undefined })
      .then((r) => console.log(r.status)).catch(() => console.log(0))
  ' "$@"
}
wait_for_http() {
  local deadline=$((SECONDS + $1))
  until [[ "$(http_status GET "$2")" == "200" ]]; do
    ((SECONDS < deadline)) || { say "timed out waiting for $2"; return 1; }
    sleep 0.3
  done
}
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

free_port() { node scripts/smoke/free_port.mjs; }
DB_PORT_SMOKE=$(free_port)
SMTP_PORT_SMOKE=$(free_port)
HTTP_PORT=$(free_port)
MAILBOX="$WORK/mailbox.jsonl"
touch "$MAILBOX"

say "1/7 build [Dockerfile: build stage]"
node ace build >"$WORK/build.log" 2>&1

say "2/7 production dependencies in build/ [Dockerfile: npm ci --omit=dev]"
(cd build && npm ci --omit=dev --no-audit --no-fund >"$WORK/npm-ci.log" 2>&1)

say "3/7 PostgreSQL on $DB_PORT_SMOKE, SMTP sink on $SMTP_PORT_SMOKE"
node --import @poppinss/ts-exec scripts/smoke/postgres.ts "$DB_PORT_SMOKE" contracts_smoke \
  >"$WORK/postgres.log" 2>&1 &
PIDS+=($!)
node scripts/smoke/smtp_sink.mjs "$SMTP_PORT_SMOKE" "$MAILBOX" >"$WORK/smtp.log" 2>&1 &
PIDS+=($!)
wait_for_line 120 "$WORK/postgres.log" ready
wait_for_line 30 "$WORK/smtp.log" ready

# The production environment: only what start/env.ts requires in production, plus
# the database's credentials and a private file root. No .env file in build/.
export NODE_ENV=production HOST=127.0.0.1 PORT="$HTTP_PORT" LOG_LEVEL=info
export APP_KEY="smoke-$(node -e 'console.log(require("node:crypto").randomBytes(24).toString("hex"))')"
export APP_URL="http://127.0.0.1:$HTTP_PORT"
export DB_HOST=127.0.0.1 DB_PORT="$DB_PORT_SMOKE" DB_USER=postgres DB_PASSWORD=postgres
export DB_DATABASE=contracts_smoke
export SMTP_HOST=127.0.0.1 SMTP_PORT="$SMTP_PORT_SMOKE" MAIL_FROM_ADDRESS=no-reply@smoke.test
export DRIVE_FS_ROOT="$WORK/storage" ENV_PATH="$WORK"
export METRICS_TOKEN="smoke-metrics-$RANDOM$RANDOM"

cd build
say "4/7 migrations [compose: migrate service]"
node ace migration:run --force >"$WORK/migrate.log" 2>&1

say "5/7 server and worker [Dockerfile: CMD; compose: api, worker]"
node bin/server.js >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
PIDS+=($SERVER_PID)
node ace queue:work >"$WORK/worker.log" 2>&1 &
WORKER_PID=$!
PIDS+=($WORKER_PID)
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

say "6/7 one e-mail through the worker"
EMAIL="smoke-$RANDOM@smoke.test"
status=$(http_status POST "$APP_URL/api/v1/auth/register" \
  "{\"name\":\"Smoke Test\",\"email\":\"$EMAIL\",\"password\":\"smoke-password-1\"}")
[[ "$status" == "201" || "$status" == "200" ]] || { say "register answered $status"; exit 1; }
status=$(http_status POST "$APP_URL/api/v1/auth/password/forgot" "{\"email\":\"$EMAIL\"}")
[[ "$status" == "202" ]] || { say "forgot password answered $status"; exit 1; }
wait_for_line 60 "$MAILBOX" "$EMAIL"
say "   received: $(grep "$EMAIL" "$MAILBOX" | head -n 1)"

say "7/7 graceful shutdown (SIGTERM)"
stop_and_time "$SERVER_PID"
server_code=$STOP_CODE server_ms=$STOP_MS
stop_and_time "$WORKER_PID"
worker_code=$STOP_CODE worker_ms=$STOP_MS
say "   server exited $server_code after ${server_ms} ms; worker exited $worker_code after ${worker_ms} ms"
[[ "$server_code" == "0" && "$worker_code" == "0" ]] || { say "a process did not exit 0"; exit 1; }
PIDS=("${PIDS[@]:0:2}")
say "passed"
