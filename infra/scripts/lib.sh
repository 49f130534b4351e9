#!/usr/bin/env bash
# Shared steps of `npm start` and `npm test`: npm packages, the build, and the local services.
# Sourced, not run. Every step is quick when there is nothing to do.

og_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
og_log() { printf '\033[1;34m[og]\033[0m %s\n' "$*" >&2; }
og_sudo() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else og_log "need root for: $*"; return 1; fi; }

# npm packages: `npm ci` when node_modules is missing or older than package-lock.json. The build
# needs the dev packages (TypeScript, Vite, type declarations) whatever NODE_ENV says: with
# NODE_ENV=production plain `npm ci` would leave them out and the build would stop.
og_install_packages() {
  local stamp="$og_root/node_modules/.og-lock-hash"
  local want; want="$(sha256sum "$og_root/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
  og_log "installing npm packages (npm ci)"
  (cd "$og_root" && npm ci --include=dev --no-audit --no-fund --loglevel=error) || return 1
  echo "$want" > "$stamp"
}

# Build: TypeScript project references (incremental) and the web app when its sources changed.
og_build() {
  (cd "$og_root" && npx tsc -b) || return 1
  local index="$og_root/web/dist/index.html"
  if [ ! -f "$index" ] || [ -n "$(find "$og_root/web/src" "$og_root/web/index.html" "$og_root/web/vite.config.ts" "$og_root/shared/src" -newer "$index" -print -quit 2>/dev/null)" ]; then
    og_log "building the web app"
    (cd "$og_root" && npm run build -w web --silent) || return 1
  fi
}

og_port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# apt-get install of packages (and apt options such as --no-install-recommends), never prompting.
og_apt_install() {
  if [ -z "${og_apt_updated:-}" ]; then og_sudo apt-get update -qq || return 1; og_apt_updated=1; fi
  local packages=() arg
  for arg in "$@"; do [[ "$arg" == -* ]] || packages+=("$arg"); done
  og_log "installing ${packages[*]} (apt)"
  # `env` inside og_sudo: sudo drops DEBIAN_FRONTEND from the environment it is given.
  og_sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null || return 1
}

# PostgreSQL on 127.0.0.1:5432 with trust authentication for local TCP connections.
og_ensure_postgres() {
  local mode="$1"
  og_port_open 127.0.0.1 5432 && return 0
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    [ "$mode" = install ] || return 0
    og_apt_install postgresql || return 1
  fi
  local version; version="$(ls /etc/postgresql | sort -V | tail -1)"
  local hba="/etc/postgresql/$version/main/pg_hba.conf"
  if ! grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    og_sudo sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' "$hba"
  fi
  og_log "starting PostgreSQL $version"
  og_sudo pg_ctlcluster --skip-systemctl-redirect "$version" main start || return 1
  for _ in $(seq 1 30); do og_port_open 127.0.0.1 5432 && return 0; sleep 1; done
  og_log "PostgreSQL did not start"; return 1
}

# Redis on 127.0.0.1:6379 (nothing kept on disk).
og_ensure_redis() {
  local mode="$1"
  og_port_open 127.0.0.1 6379 && return 0
  if ! command -v redis-server >/dev/null; then
    [ "$mode" = install ] || return 0
    og_apt_install redis-server || return 1
  fi
  og_log "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null || return 1
  for _ in $(seq 1 30); do og_port_open 127.0.0.1 6379 && return 0; sleep 1; done
  og_log "Redis did not start"; return 1
}

og_ensure_chromium() {
  command -v chromium >/dev/null && return 0
  og_apt_install chromium
}

# python3 for the OccCANINE service's integration test (infra/occcanine-service needs only its standard library).
og_ensure_python3() {
  command -v python3 >/dev/null && return 0
  og_apt_install python3
}
