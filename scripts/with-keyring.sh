#!/usr/bin/env bash
# Test tooling (Linux, runs before any Lectern process). Runs its arguments inside a private D-Bus
# session with an unlocked GNOME Keyring (Secret Service), so keytar talks to a real keychain in
# CI and on headless machines without touching the user's own keyring:
#
#   bash scripts/with-keyring.sh npm run test:all
#   bash scripts/with-keyring.sh npx vitest run src-main/keychain
#
# Works as root, without a TTY, without stdin and without a display. The keyring lives in a temp
# dir that is removed on exit, together with the daemon. HOME and XDG_CACHE_HOME are left alone on
# purpose: npm's cache and Playwright's browsers are found through them.
#
# Needs (Debian/Ubuntu): dbus (dbus-run-session, dbus-send), gnome-keyring, libsecret-tools
# (secret-tool, used by the tests) and libsecret-1-0 (loaded by keytar).
set -euo pipefail

readonly APT_HINT='sudo apt-get install -y dbus gnome-keyring libsecret-tools libsecret-1-0'

die() {
  echo "with-keyring.sh: $*" >&2
  exit 1
}

# ---------------------------------------------------------------------------------------------
# Inner half: runs inside `dbus-run-session`, starts the keyring daemon and execs the command.
# ---------------------------------------------------------------------------------------------
if [[ -n "${LECTERN_KEYRING_INNER:-}" ]]; then
  work="$LECTERN_KEYRING_INNER"
  unset LECTERN_KEYRING_INNER
  # The daemon reads the login keyring's password from stdin until EOF; a fixed password makes it
  # create the "login" collection already unlocked. (An empty password leaves no unlocked default
  # collection and libsecret then tries to show a prompt, which fails headless.)
  printf '%s' 'lectern-test-keyring' |
    gnome-keyring-daemon --foreground --unlock --components=secrets >"$work/daemon.log" 2>&1 &
  echo $! >"$work/daemon.pid"

  # Ready means the unlocked "login" collection answers, not only the service name: the daemon
  # registers the name first and creates the collection from the password a moment later. The
  # collection is asked only once the name has an owner: a call to an unowned name makes D-Bus
  # activate a second, locked daemon, which then takes the name from ours.
  # (Outputs are captured, not piped into `grep -q`: under pipefail an early-exiting grep can fail
  # the pipeline with the writer's SIGPIPE.)
  ready=''
  for _ in $(seq 1 100); do
    owned="$(dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null || true)"
    if [[ "$owned" == *'boolean true'* ]]; then
      locked="$(dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets/collection/login \
        org.freedesktop.DBus.Properties.Get string:org.freedesktop.Secret.Collection string:Locked 2>/dev/null || true)"
      if [[ "$locked" == *'boolean false'* ]]; then
        ready=yes
        break
      fi
    fi
    sleep 0.1
  done
  if [[ -z "$ready" ]]; then
    cat "$work/daemon.log" >&2 || true
    die 'gnome-keyring-daemon did not offer an unlocked "login" collection on the session bus within 10 s.'
  fi

  export GNOME_KEYRING_CONTROL="$XDG_RUNTIME_DIR/keyring"
  # Lets a nested call of this script (and tests) see that a private keyring is already running.
  export LECTERN_KEYRING_SESSION="$work"
  exec "$@"
fi

# ---------------------------------------------------------------------------------------------
# Outer half: checks tools, makes private dirs, runs the inner half under dbus-run-session.
# ---------------------------------------------------------------------------------------------
[[ $# -gt 0 ]] || die 'usage: bash scripts/with-keyring.sh COMMAND [ARGS...]'

# macOS and Windows have their own keychain; nothing to set up there.
if [[ "$OSTYPE" != linux* ]]; then exec "$@"; fi

# Already inside a private keyring session (e.g. `npm test` calling a script that uses this again).
if [[ -n "${LECTERN_KEYRING_SESSION:-}" && -n "${DBUS_SESSION_BUS_ADDRESS:-}" ]]; then exec "$@"; fi

missing=()
command -v dbus-run-session >/dev/null 2>&1 || missing+=('dbus-run-session (package dbus)')
command -v dbus-send >/dev/null 2>&1 || missing+=('dbus-send (package dbus)')
command -v gnome-keyring-daemon >/dev/null 2>&1 || missing+=('gnome-keyring-daemon (package gnome-keyring)')
command -v secret-tool >/dev/null 2>&1 || missing+=('secret-tool (package libsecret-tools)')
# The loader cache is read whole: `ldconfig -p | grep -q` fails under pipefail once the cache is
# bigger than a pipe buffer (grep exits at the match, ldconfig dies of SIGPIPE). The library dirs
# are the fallback for machines whose cache is missing or stale.
has_libsecret() {
  local cache
  cache="$(ldconfig -p 2>/dev/null || true)"
  [[ "$cache" == *'libsecret-1.so.0 '* ]] && return 0
  compgen -G '/usr/lib/*/libsecret-1.so.0' >/dev/null || compgen -G '/lib/*/libsecret-1.so.0' >/dev/null ||
    [[ -e /usr/lib/libsecret-1.so.0 || -e /usr/lib64/libsecret-1.so.0 ]]
}
has_libsecret || missing+=('libsecret-1.so.0 (package libsecret-1-0, needed by keytar)')
if [[ ${#missing[@]} -gt 0 ]]; then
  {
    echo 'with-keyring.sh: cannot start a private keychain for the tests. Missing:'
    printf '  - %s\n' "${missing[@]}"
    echo "Install them with: $APT_HINT"
  } >&2
  exit 127
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/lectern-keyring.XXXXXX")"
mkdir -p "$work/data" "$work/runtime"
chmod 700 "$work" "$work/data" "$work/runtime"

cleanup() {
  if [[ -f "$work/daemon.pid" ]]; then
    # Normally the daemon has already gone with its bus; this is for the cases where it has not.
    kill "$(cat "$work/daemon.pid")" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

status=0
LECTERN_KEYRING_INNER="$work" XDG_DATA_HOME="$work/data" XDG_RUNTIME_DIR="$work/runtime" \
  dbus-run-session -- bash "${BASH_SOURCE[0]}" "$@" || status=$?
exit "$status"
