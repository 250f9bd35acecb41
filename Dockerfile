# syntax=docker/dockerfile:1
# Multi-stage image: install and build, then a slim non-root runtime.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json* ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx remix build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/tsconfig.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
# server/start.ts runs the migrations and seeds from app/db before serving.
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/app ./app
COPY --from=build --chown=node:node /app/idp ./idp
COPY --from=build --chown=node:node /app/locales ./locales
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# start.ts is the portal's server and supervisor (ADR 013): run by node itself
# (tsx as a loader) so SIGTERM from `docker stop` reaches it and it stops the web
# processes gracefully. It runs one web process per core it may use
# (WEB_CONCURRENCY; set it when the container is limited by a --cpus quota).
CMD ["node", "--import", "tsx", "server/start.ts"]
