# Shared by the smoke scripts (scripts/smoke-production.sh, scripts/two-process.sh):
# sourced after `cd` to the repository root with NAME set (the log prefix and the
# temporary folder's name). Sets WORK (removed on exit) and PIDS (processes to
# SIGTERM on exit); on failure prints the last lines of every $WORK/*.log.
WORK="$(mktemp -d "${TMPDIR:-/tmp}/$NAME.XXXXXX")"
PIDS=()
say() { printf '[%s] %s\n' "$NAME" "$*"; }
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
free_port() { node scripts/smoke/free_port.mjs; }

# The production environment: only what start/env.ts requires in production, plus the
# database's credentials and a private file root (no .env file). Needs DB_PORT_SMOKE,
# SMTP_PORT_SMOKE, HTTP_PORT and the database name $1.
production_env() {
  export NODE_ENV=production HOST=127.0.0.1 PORT="$HTTP_PORT" LOG_LEVEL=info
  APP_KEY="smoke-$(node -e 'console.log(require("node:crypto").randomBytes(24).toString("hex"))')"
  export APP_KEY
  export APP_URL="http://127.0.0.1:$HTTP_PORT"
  export DB_HOST=127.0.0.1 DB_PORT="$DB_PORT_SMOKE" DB_USER=postgres DB_PASSWORD=postgres
  export DB_DATABASE="$1"
  export SMTP_HOST=127.0.0.1 SMTP_PORT="$SMTP_PORT_SMOKE" MAIL_FROM_ADDRESS=no-reply@smoke.test
  export DRIVE_FS_ROOT="$WORK/storage" ENV_PATH="$WORK"
  export METRICS_TOKEN="smoke-metrics-$RANDOM$RANDOM"
}

# Every schedule every 5 s (the defaults are hourly and daily): one VAR=cron line each,
# and the schedules' Ace commands; run in build/
schedule_envs() {
  node -e '
    import("./app/support/schedules.js").then(({ SCHEDULE_DEFINITIONS }) =>
      console.log(SCHEDULE_DEFINITIONS.map((d) => `${d.env}=*/5 * * * * *`).join("\n")))'
}
schedule_commands() {
  node -e '
    import("./app/support/schedules.js").then(({ SCHEDULE_DEFINITIONS }) =>
      console.log(SCHEDULE_DEFINITIONS.map((d) => d.command).join(" ")))'
}
# Starts `node ace queue:work` in build/ with every schedule every 5 s, its output in $1;
# sets WORKER_PID
start_worker() {
  local envs
  envs=$(schedule_envs)
  (while IFS= read -r assignment; do export "$assignment"; done <<<"$envs"
    exec node ace queue:work >"$1" 2>&1) &
  WORKER_PID=$!
  PIDS+=($WORKER_PID)
}
