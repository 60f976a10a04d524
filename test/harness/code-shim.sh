#!/usr/bin/env bash
# Stand-in "VS Code executable" for @vscode/test-electron's runTests({ vscodeExecutablePath }):
# maps its Electron-style CLI args onto the code-server + Chromium driver. Exit code is passed through.
ext=() ; tests= ; ws=
for a in "$@"; do
  case "$a" in
    --extensionDevelopmentPath=*) ext+=("${a#*=}") ;;
    --extensionTestsPath=*) tests="${a#*=}" ;;
    --*) ;;                                  # --no-sandbox, --disable-updates, --user-data-dir=..., etc.
    *) [ -z "$ws" ] && ws="$a" ;;            # first positional launchArg = folder to open
  esac
done
args=()
for e in "${ext[@]}"; do args+=(--ext "$e"); done   # several extensions under development
args+=(--tests "$tests" --timeout "${TEST_TIMEOUT:-300}")
[ -n "$ws" ] && args+=(--workspace "$ws")
exec node "$(dirname "$0")/run-tests.mjs" "${args[@]}"
