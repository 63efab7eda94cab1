# syntax=docker/dockerfile:1.7
#
# One image for every service. Each container runs one app entry point, exactly as the local runtime does:
#   node -r @swc-node/register apps/<APP>/src/main.ts      (APP = gateway | catalog | availability | orders | domain-ops | dns | whois-mail | admin | market | registry-sim)
# Each entry imports reflect-metadata first, so it starts alone.
# The web app is built here and served by the gateway from WEB_DIST.
#   docker build -t registrar .
#   docker run -e APP=catalog -e DATABASE_URL=… -e REDIS_URL=… registrar

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- dependencies (cached while package*.json do not change)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NODE_ENV=development npm_config_fund=false npm_config_audit=false
# the workspace manifests only, so that source edits do not invalidate the npm layer
COPY package.json package-lock.json ./
COPY apps/ /tmp/apps/
COPY libs/ /tmp/libs/
RUN set -eu; \
    for d in /tmp/apps/* /tmp/libs/*; do \
      rel="${d#/tmp/}"; if [ -f "$d/package.json" ]; then mkdir -p "$rel"; cp "$d/package.json" "$rel/package.json"; fi; \
    done; \
    rm -rf /tmp/apps /tmp/libs; \
    npm ci --include=dev

# ---- build: the web app (vite) into dist/apps/web
FROM deps AS build
COPY . .
# as scripts/dev/system.ts builds it: vite from apps/web, output in dist/apps/web; NODE_ENV=production for React's
# production build (this stage's NODE_ENV=development would bundle its development build)
RUN cd apps/web && NODE_ENV=production node ../../node_modules/vite/bin/vite.js build --logLevel warn && test -f /app/dist/apps/web/index.html \
 && NODE_ENV=production node ../../node_modules/vite/bin/vite.js build --ssr src/ssr/entry-server.tsx --logLevel warn && test -f /app/dist/apps/web-ssr/entry-server.mjs

# ---- runtime
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
# TypeScript runs through @swc-node/register (docs/adr/0002-swc-runtime.md), so the sources and node_modules ship as they are
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json /app/tsconfig.base.json /app/tsconfig.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/apps ./apps
COPY --from=build --chown=node:node /app/libs ./libs
COPY --from=build --chown=node:node /app/data ./data
COPY --from=build --chown=node:node /app/dist/apps/web ./dist/apps/web
# the server entry that renders the public pages (docs/web-public-pages.md)
COPY --from=build --chown=node:node /app/dist/apps/web-ssr ./dist/apps/web-ssr
RUN mkdir -p /app/.data && chown node:node /app/.data
ENV NODE_ENV=production \
    APP=gateway \
    PORT=8080 \
    WEB_DIST=dist/apps/web \
    WEB_SSR_DIST=dist/apps/web-ssr \
    MASTER_DATA_DIR=data/master \
    LOG_LEVEL=info \
    HEALTH_PORT=9000
USER node
# 9000: /health/live and /health/ready of a service (the gateway answers them on PORT)
EXPOSE 8080 7700 9000
# exec: the service is PID 1's only child and receives SIGTERM for a graceful stop
CMD ["sh", "-c", "exec node -r @swc-node/register apps/${APP}/src/main.ts"]
