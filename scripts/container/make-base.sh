#!/usr/bin/env bash
# Make a local Debian bookworm base image with Node >= 22.12 and pnpm, for building the
# Containerfile where no container registry is reachable (CI here). Elsewhere, use the official
# node:22-bookworm-slim instead: it is the Containerfile's default BASE.
#
#   scripts/container/make-base.sh [IMAGE]      # default localhost/docscrape-base:bookworm
#
# Needs root, podman, debootstrap, and the node and pnpm on PATH (./run puts them there). The
# Debian mirror is the one this machine's apt uses; the host's CA bundle is copied in, so that a
# build behind a TLS-inspecting proxy can reach the npm registry as the host does.
set -euo pipefail
image="${1:-localhost/docscrape-base:bookworm}"

if podman image exists "$image"; then
  echo "make-base: $image exists" >&2
  exit 0
fi
for tool in debootstrap podman node pnpm; do
  command -v "$tool" >/dev/null || { echo "make-base: $tool not found; apt-get install podman runc debootstrap, and run through ./run" >&2; exit 1; }
done
node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)' \
  || { echo "make-base: node on PATH is $(node --version); Node >= 22.12 is needed (run through ./run)" >&2; exit 1; }

# The first Debian archive URI apt is configured with (deb822 or one-line format).
mirror="$(grep -rhoE '^URIs:\s*\S+' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -v security | head -n1 || true)"
[ -n "$mirror" ] || mirror="$(grep -hoE '^deb\s+(\[[^]]*\]\s+)?\S+' /etc/apt/sources.list 2>/dev/null | awk '{print $NF}' | grep -v security | head -n1 || true)"
[ -n "$mirror" ] || { echo "make-base: no Debian mirror found in /etc/apt/sources.list(.d)" >&2; exit 1; }

root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
echo "make-base: debootstrap bookworm from $mirror" >&2
debootstrap --variant=minbase bookworm "$root" "$mirror" >/dev/null

install -m 0755 "$(readlink -f "$(command -v node)")" "$root/usr/local/bin/node"
pnpm_package="$(dirname "$(dirname "$(readlink -f "$(command -v pnpm)")")")"
mkdir -p "$root/usr/local/lib/node_modules"
cp -r "$pnpm_package" "$root/usr/local/lib/node_modules/pnpm"
ln -s ../lib/node_modules/pnpm/bin/pnpm.cjs "$root/usr/local/bin/pnpm"

changes=(--change 'CMD ["node"]')
ca="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
if [ -f "$ca" ]; then
  mkdir -p "$root/etc/ssl/certs"
  cp "$ca" "$root/etc/ssl/certs/ca-certificates.crt"
  changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
fi
rm -rf "$root/var/cache/apt/archives"/*.deb "$root/var/lib/apt/lists"/*
tar -C "$root" -c . | podman import --quiet "${changes[@]}" - "$image" >/dev/null
echo "make-base: made $image ($(podman image inspect --format '{{.Size}}' "$image" | numfmt --to=iec))" >&2
