# Shared by Scripts/test and Scripts/demo: installs the Debian packages the project needs, only when
# something is missing, and stops with the reason when it cannot.

bidi_fix_fail() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

# Runs apt-get as root, or through sudo, or explains why it cannot.
bidi_fix_apt_get() {
  if [ "$(id -u)" -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo DEBIAN_FRONTEND=noninteractive apt-get "$@"
  else
    bidi_fix_fail "need to run 'apt-get $*' but this is not root and sudo is not available without a password"
  fi
}

# bidi_fix_require_packages PACKAGE:CHECK ... — CHECK is a shell test that holds once the package is in.
bidi_fix_require_packages() {
  missing=()
  for entry in "$@"; do
    package=${entry%%:*}
    check=${entry#*:}
    eval "$check" >/dev/null 2>&1 || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null 2>&1 ||
    bidi_fix_fail "missing ${missing[*]}, and this machine has no apt-get; install them by hand"
  printf '==> installing %s\n' "${missing[*]}" >&2
  bidi_fix_apt_get update -qq || bidi_fix_fail "apt-get update failed (is the Debian mirror reachable?)"
  bidi_fix_apt_get install -y -qq --no-install-recommends "${missing[@]}" >&2 ||
    bidi_fix_fail "apt-get install ${missing[*]} failed"
  for entry in "$@"; do
    check=${entry#*:}
    eval "$check" >/dev/null 2>&1 || bidi_fix_fail "${entry%%:*} is still missing after installing it"
  done
}

# A script given a prebuilt binary (BIDI_FIX_BINARY, as Scripts/spark-isolate takes) builds nothing.
[ -n "${BIDI_FIX_BINARY:-}" ] || command -v swift >/dev/null 2>&1 ||
  bidi_fix_fail "swift is not on PATH; install Swift 6 (swift.org) first"
command -v pkg-config >/dev/null 2>&1 || bidi_fix_require_packages "pkg-config:command -v pkg-config"
