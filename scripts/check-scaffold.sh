#!/usr/bin/env bash
# Proves `node ace make:resource`: in a throw-away copy of the repository (the files a
# fresh clone has, no .env, node_modules linked), generate a resource with nothing edited,
# then tsc, lint, its generated functional test and the tests that pin what it registers
# (route gates, permission reach, request schemas). The copy is deleted on exit, pass or fail.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/check-scaffold.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
# the embedded PostgreSQL of the tests runs initdb under its own user: the copy must be readable
chmod 755 "$scratch"

cd "$root"
git ls-files -co --exclude-standard -z | tar --null -T - --ignore-failed-read -cf - | tar -xf - -C "$scratch"
ln -s "$(readlink -f node_modules)" "$scratch/node_modules"

cd "$scratch"
export PATH="$scratch/node_modules/.bin:$PATH"
echo "check-scaffold: generating CostCenter in $scratch"
node ace make:resource CostCenter code:string:unique name:string active:boolean
# the built-in generators through the project's stubs/: their output passes tsc and lint
# untouched (each stub ends with an empty exports() block, which keeps the final newline
# that AdonisJS's stub renderer would otherwise trim)
node ace make:model Budget -m -f
node ace make:controller budgets --resource
node ace make:validator budget --resource
node ace make:policy budget
node ace make:test budgets --suite=functional
node ace make:service budget
# the models extend the schema classes of the new tables: a fresh migrate writes them into
# database/schema.ts (the test that keeps that file in step with the migrations)
UPDATE_SCHEMA_CLASSES=1 node ace test --files tests/functional/system/schema_classes.spec.ts
tsc --noEmit
eslint .
node ace test \
  --files tests/functional/cost_centers/cost_centers.spec.ts \
  --files tests/functional/budgets/budgets.spec.ts \
  --files tests/unit/permissions.spec.ts \
  --files tests/unit/route_gates.spec.ts \
  --files tests/unit/request_schemas.spec.ts
echo "check-scaffold: the generated resource passes tsc, lint and its tests"
