#!/usr/bin/env bash
# Makes the certificates of the tests' https sandbox and https proxy (test/fixtures/tls/): a test
# certificate authority and a server certificate it signs for localhost, 127.0.0.1 and ::1, valid
# for 100 years so the committed files never expire under the tests. The authority's private key
# is thrown away: nothing else can ever be signed by it, and no one should trust it outside tests.
# Run from the repository root: bash scripts/makeTestCertificates.sh
set -euo pipefail
out="test/fixtures/tls"
days=36500
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
    -keyout "$work/ca-key.pem" -out "$out/ca.pem" -days "$days" \
    -subj "/CN=PostHog Workbench Test CA (tests only, never trust)" \
    -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign,cRLSign"

openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
    -keyout "$out/server-key.pem" -out "$work/server.csr" -subj "/CN=localhost"
cat >"$work/server.ext" <<'EXT'
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=serverAuth
subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1
EXT
openssl x509 -req -in "$work/server.csr" -CA "$out/ca.pem" -CAkey "$work/ca-key.pem" \
    -CAcreateserial -CAserial "$work/ca.srl" -out "$out/server.pem" -days "$days" \
    -extfile "$work/server.ext"

openssl verify -CAfile "$out/ca.pem" "$out/server.pem"
