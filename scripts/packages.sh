# Installs the Debian packages Taol needs, when they are missing. Sourced by ./run and ./test.

# Packages to build and run the server.
TAOL_BUILD_PACKAGES=(g++ cmake ninja-build pkg-config libboost1.81-dev nlohmann-json3-dev libspdlog-dev libsqlite3-dev libpq-dev
                     zlib1g-dev libbrotli-dev libjemalloc-dev)
# More for the tests: Catch2, Debian's Chromium driven from Node.js for the browser tests, clang
# with libFuzzer's runtime for the fuzzers, sqlite3 (a browser test edits a journal), and the
# PostgreSQL server and HAProxy that the tests of several nodes start in temp dirs of their own.
TAOL_TEST_PACKAGES=(catch2 chromium clang libclang-rt-14-dev sqlite3 postgresql haproxy)

taol_missing_packages() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  echo "${missing[@]}"
}

# taol_install_packages PKG...: installs what is missing, as root or through sudo.
taol_install_packages() {
  local wanted=("$@")
  # Node.js may come from Debian or elsewhere: only ask for Debian's when there is none.
  if [[ " ${wanted[*]} " == *" chromium "* ]] && ! command -v npm >/dev/null 2>&1; then
    wanted+=(nodejs npm)
  fi
  local missing
  missing=$(taol_missing_packages "${wanted[@]}")
  [[ -z "$missing" ]] && return 0
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "Taol needs these Debian packages: $missing" >&2
      echo "Install them as root (apt-get install $missing), then run this again." >&2
      exit 1
    fi
  fi
  echo "Installing: $missing"
  if [[ " $missing " == *" postgresql "* ]]; then
    # Debian's package would create and start a cluster on port 5432: the tests start their own.
    "${sudo[@]}" mkdir -p /etc/postgresql-common/createcluster.d
    echo "create_main_cluster = false" | "${sudo[@]}" tee /etc/postgresql-common/createcluster.d/taol.conf >/dev/null
  fi
  "${sudo[@]}" apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends $missing
}
