#!/usr/bin/env bash
# `npm start`: install what is missing, build, then run the api, the web app and the workers in
# one process on http://localhost:3000 (migrations and the first admin happen at start-up).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$og_root"
og_install_packages
og_build
# Start local services that are installed but stopped; the app names any it still cannot reach.
og_ensure_postgres start || true
og_ensure_redis start || true
exec node workers/dist/serve-all.js
