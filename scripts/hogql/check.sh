#!/usr/bin/env bash
# Re-reads PostHog's source and says whether the committed reading still holds, then whether the
# committed outputs still follow from the reading. Not a test: it needs PostHog's files, which are
# not in this repository (test/fixtures/posthog-hogql/README.md says how to get them).
#
#   scripts/hogql/check.sh /path/to/dir-with-posthog-files
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [[ $# -ne 1 || ! -d "$1/posthog/hogql" ]]; then
    echo "usage: $0 DIR  (DIR holds posthog/hogql/... from PostHog's repository)" >&2
    exit 2
fi
# PostHog's database.py needs Python 3.12's parser.
"${PYTHON:-python3.12}" "$here/read.py" "$1" --check
node "$here/write.mjs" --check
echo "check.sh: the reading and the outputs follow from $1"
