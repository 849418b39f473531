# syntax=docker/dockerfile:1
# The relay as an image: `docker build -t shopbeacon .` or `podman build --format docker -t shopbeacon .`
# (podman keeps the HEALTHCHECK only in the docker format). `npm run image` builds it with either,
# making the base below locally when no registry can be reached. Run it: docs/deploy.md, "Run it as a container".

# Node 24 LTS on Debian 12 "slim": the newest LTS our CI matrix runs, with glibc (the SQLite
# driver's prebuilt binary) and a shell for `docker exec`; both stages on the same base.
ARG NODE_BASE=docker.io/library/node:24-bookworm-slim

FROM ${NODE_BASE} AS build
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
WORKDIR /src
COPY package.json package-lock.json ./
# Install scripts off: the build's tools need none (esbuild runs without its check, Playwright
# downloads no browser), and the SQLite driver this Node loads, better-sqlite3 13 (Node-API, see
# relay/shared/sqlite-driver.ts), ships its binaries in its package: no compiler, no download.
# Behind a proxy that signs TLS itself, give its CA as a build secret, `--secret id=ca_certificates,src=FILE`
# (`npm run image` passes the file NODE_EXTRA_CA_CERTS or npm's cafile names); the image keeps none of it.
RUN --mount=type=cache,target=/root/.npm,sharing=locked --mount=type=secret,id=ca_certificates \
    if [ -s /run/secrets/ca_certificates ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca_certificates; fi \
 && npm ci --ignore-scripts \
 && mkdir -p /runtime/node_modules/better-sqlite3-napi \
 && cd node_modules/better-sqlite3-napi \
 && cp -r package.json LICENSE lib prebuilds /runtime/node_modules/better-sqlite3-napi/
COPY . .
RUN npm run build \
 && cp -r package.json bin dist /runtime/ \
 && mkdir -p /runtime/deploy/container \
 && cp deploy/container/healthcheck.mjs /runtime/deploy/container/

FROM ${NODE_BASE}
LABEL org.opencontainers.image.title="shopbeacon relay" \
      org.opencontainers.image.licenses="MIT"
# Configuration is the environment only (docs/settings.md); a secret may instead be a file
# named by <VARIABLE>_FILE, e.g. SHOPBEACON_TOKEN_FILE=/run/secrets/shopbeacon_token.
# HOST 0.0.0.0: the container's own interface, published by the engine; a relay on it refuses the
# keyless demo, so SHOPBEACON_BASE_URL and SHOPBEACON_TOKEN are required. The stop grace plus the
# relay's 5 s for closing fits the engine's default 10 s before it kills (`docker stop`).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8787 \
    SHOPBEACON_DATA_DIR=/data \
    SHOPBEACON_SHUTDOWN_GRACE_MS=4000
COPY --from=build /runtime /app
# The outbox's folder, the relay's own and private (it keeps it 0700 itself); a named volume starts
# as a copy of it, owner included.
RUN mkdir /data && chown 1000:1000 /data && chmod 700 /data
VOLUME /data
# The base's `node` user, by number so that a platform can check it is not root (runAsNonRoot).
USER 1000:1000
WORKDIR /app
EXPOSE 8787
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
  CMD ["node", "/app/deploy/container/healthcheck.mjs"]
ENTRYPOINT ["node", "/app/bin/shopbeacon.js"]
CMD ["relay"]
