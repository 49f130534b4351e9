#!/usr/bin/env bash
# Virtuoso 7 for the HTTP triple-store adapter's tests (DESIGN.md §2: the adapter also runs against
# a real server no one here wrote). Sourced after lib.sh, not run:
#
#     source infra/scripts/lib.sh
#     source infra/scripts/virtuoso.sh
#     og_ensure_virtuoso
#
# Only the binaries are wanted: the tests start their own private instance (tests/support/virtuoso.ts:
# own database directory under /tmp, own ports, own virtuoso.ini). The Debian package starts a
# system instance on 1111/8890 when it is installed; that one is stopped and kept from starting again.

og_virtuoso_binary=/usr/bin/virtuoso-t

og_ensure_virtuoso() {
  if [ -x "$og_virtuoso_binary" ] && command -v isql-vt >/dev/null; then return 0; fi
  # Answer the package's questions up front so apt never prompts (DBA password, ODBC registration).
  og_sudo debconf-set-selections <<'EOF' || return 1
virtuoso-opensource-7 virtuoso-opensource-7/dba-password password dba
virtuoso-opensource-7 virtuoso-opensource-7/dba-password-again password dba
virtuoso-opensource-7 virtuoso-opensource-7/register-odbc-dsn boolean false
libvirtodbc0 libvirtodbc0/register-odbc-driver boolean false
EOF
  # Keep the package's maintainer scripts from starting the system instance (101 = "not now");
  # a policy-rc.d already in place is left alone.
  local policy=/usr/sbin/policy-rc.d added_policy=
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | og_sudo tee "$policy" >/dev/null && og_sudo chmod +x "$policy" && added_policy=1
  fi
  local status=0
  og_apt_install --no-install-recommends virtuoso-opensource || status=$?
  if [ -n "$added_policy" ]; then og_sudo rm -f "$policy"; fi
  [ "$status" = 0 ] || return "$status"
  og_stop_system_virtuoso
  if [ ! -x "$og_virtuoso_binary" ]; then og_log "virtuoso-opensource is installed but $og_virtuoso_binary is missing"; return 1; fi
}

# Stops and disables the package's own instance if it runs anyway (systemd or sysvinit).
og_stop_system_virtuoso() {
  local service=virtuoso-opensource-7
  if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
    og_sudo systemctl disable --now "$service" >/dev/null 2>&1 || true
  else
    if [ -x "/etc/init.d/$service" ]; then og_sudo "/etc/init.d/$service" stop >/dev/null 2>&1 || true; fi
    if command -v update-rc.d >/dev/null; then og_sudo update-rc.d "$service" disable >/dev/null 2>&1 || true; fi
  fi
  # Whatever still runs from the system database directory (and only that) is asked to stop.
  local lock=/var/lib/virtuoso-opensource-7/db/virtuoso.lck pid
  if [ -r "$lock" ]; then
    pid="$(sed -n 's/^VIRT_PID=\([0-9][0-9]*\).*/\1/p' "$lock")"
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then og_sudo kill -TERM "$pid" 2>/dev/null || true; fi
  fi
  return 0
}
