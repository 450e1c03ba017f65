# syntax=docker/dockerfile:1
# The production image: the same steps scripts/smoke-production.sh runs (and .ci/run
# proves on every change): build, `npm ci --omit=dev` of the build, then the server.
# The worker is the same image with `node ace queue:work` (compose.yaml).

# --- build: all dependencies, compile TypeScript to build/ ---------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node ace build

# --- production dependencies of the build only ---------------------------------------
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY --from=build /app/build/package.json /app/build/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# --- runtime: non-root, no compilers, no dev dependencies ----------------------------
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3333 \
    LOG_LEVEL=info \
    DRIVE_FS_ROOT=/app/storage
WORKDIR /app
COPY --from=build --chown=node:node /app/build ./
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
RUN mkdir -p /app/storage && chown node:node /app/storage
USER node
EXPOSE 3333
# Liveness: the process answers (no curl in the slim image; Node's fetch instead)
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3333)+'/api/v1/health/live').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# SIGTERM reaches node directly (exec form): in-flight requests finish, then exit 0
CMD ["node", "bin/server.js"]
