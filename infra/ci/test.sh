#!/usr/bin/env bash
# `npm test`: install what a bare machine lacks (npm packages, Debian's Chromium, PostgreSQL and
# Redis, started on their standard local ports), build, lint, then run the unit, integration and
# browser tests. Test artefacts (screenshots, the JSON report) go to tests/artifacts/.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
source "$(dirname "$0")/../scripts/virtuoso.sh"
cd "$og_root"

og_ensure_postgres install
og_ensure_redis install
og_ensure_chromium
og_ensure_python3
og_ensure_virtuoso
og_install_packages
og_log "building"
og_build
og_log "linting"
npm run lint --silent

mkdir -p tests/artifacts
og_log "running tests"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=tests/artifacts/vitest.json "$@" || status=$?
node -e '
  const fs = require("fs");
  try {
    const r = JSON.parse(fs.readFileSync("tests/artifacts/vitest.json", "utf8"));
    console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed` + (r.numPendingTests ? `, ${r.numPendingTests} skipped` : ""));
  } catch { console.log("tests: 0 passed, 1 failed"); }
'
exit "$status"
