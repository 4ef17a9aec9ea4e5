#!/usr/bin/env bash
# Builds a local stand-in for the Dockerfile's base image, node:22.23-bookworm-slim, for machines that
# reach Debian's package archive and the npm registry but not Docker Hub (so `docker build .` can be
# checked there). It is what the official image holds, from the same sources: a minimal Debian bookworm
# (debootstrap --variant=minbase), the official Node binary (the npm registry's node-linux-<arch>
# package), npm, and the `node` user (uid 1000, gid 1000). On a machine that reaches Docker Hub, skip it:
# `docker build .` pulls the real image.
#
#   sudo scripts/docker-offline-base.sh            # then: docker build --network=host .
#
# Needs root, debootstrap and a running Docker daemon. Settings: NODE_VERSION (.nvmrc), NPM_VERSION
# (11.19.1, as .ci/run), IMAGE (node:<major.minor>-bookworm-slim), DEBIAN_MIRROR (http://deb.debian.org/debian),
# EXTRA_CA_CERTS (default: $NODE_EXTRA_CA_CERTS): on a network whose HTTPS goes through an intercepting
# proxy, that proxy's CA certificate, trusted by Node in the image (NODE_EXTRA_CA_CERTS) so `npm` inside
# the build reaches the registry as it does on the machine. It stays in the local image only.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_VERSION="${NODE_VERSION:-$(cat .nvmrc)}"
NPM_VERSION="${NPM_VERSION:-11.19.1}"
IMAGE="${IMAGE:-node:$(echo "$NODE_VERSION" | cut -d. -f1-2)-bookworm-slim}"
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
EXTRA_CA_CERTS="${EXTRA_CA_CERTS:-${NODE_EXTRA_CA_CERTS:-}}"
case "$(uname -m)" in
  x86_64) node_arch=x64 ;;
  aarch64 | arm64) node_arch=arm64 ;;
  *) echo "No node-linux package for $(uname -m)" >&2; exit 1 ;;
esac

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

echo "Debian bookworm (minbase) into $rootfs"
debootstrap --variant=minbase bookworm "$rootfs" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}

echo "Node $NODE_VERSION and npm $NPM_VERSION from the npm registry"
(cd "$work" && npm pack "node-linux-${node_arch}@${NODE_VERSION}" "npm@${NPM_VERSION}" --silent >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work"/node-linux-*.tgz -C "$work/node" --strip-components=1
install -m 0755 "$work/node/bin/node" "$rootfs/usr/local/bin/node"
tar -xzf "$work"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

# The official image's user, and what it trims from the Debian base.
chroot "$rootfs" /usr/sbin/groupadd --gid 1000 node
chroot "$rootfs" /usr/sbin/useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/tmp/*
[ "$(chroot "$rootfs" /usr/local/bin/node -v)" = "v$NODE_VERSION" ]
[ "$(chroot "$rootfs" /usr/local/bin/npm -v 2>/dev/null)" = "$NPM_VERSION" ]

ca_env=()
if [ -n "$EXTRA_CA_CERTS" ]; then
  install -D -m 0644 "$EXTRA_CA_CERTS" "$rootfs/usr/local/share/ca-certificates/extra-ca.crt"
  ca_env=(--change "ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/extra-ca.crt")
fi

echo "Importing as $IMAGE"
tar -C "$rootfs" -c . | docker import "${ca_env[@]}" \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change 'CMD ["node"]' \
  - "$IMAGE"
docker image ls "$IMAGE"
