# Songloom: build with all dependencies, run with production ones only.
# docker build -t songloom . && docker run -p 3000:3000 -e SESSION_SECRET=... -e APP_URL=https://... -v songloom-data:/data songloom
# Without DATABASE_URL the app keeps an embedded PostgreSQL (PGlite) under /data; see docs/configuration.md.
# Extra workers (DATABASE_URL required): docker run -e DATABASE_URL=... songloom npm run worker
# The same Node (.nvmrc, package.json "engines") and npm (.ci/run) as CI, so `npm ci` reads the lockfile
# exactly as it was written: another npm disagrees about which optional platform packages it must list.

FROM node:22.23-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm install -g npm@11.19.1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22.23-bookworm-slim AS run
WORKDIR /app
# glibc's allocator: large buffers (the engine's audio) always in their own mappings, returned to the
# system when freed, and few arenas for the engine's threads: a song's peak memory no longer stays in the
# process afterwards (docs/performance.md, memory).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072:glibc.malloc.arena_max=2
# The built server, plus the TypeScript sources `npm run worker` (tsx) runs for scale-out workers.
COPY --from=build /app/package.json /app/server.mjs /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/app ./app
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/jobs ./jobs
# Sung vocals run Debian's espeak-ng as a separate program (ADR 011); MP3s encode faster with lame (ADR 013).
RUN apt-get update && apt-get install -y --no-install-recommends espeak-ng lame && rm -rf /var/lib/apt/lists/*
# The app runs as the image's `node` user (uid 1000, gid 1000). A named volume takes this folder's owner;
# a bind mount keeps the host folder's, so give it to uid 1000 first: `chown -R 1000:1000 ./songloom-data`.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# server.mjs handles SIGTERM itself: it stops taking requests, returns unfinished jobs to the queue and
# closes the database, each step with a deadline, and exits within SHUTDOWN_TIMEOUT_MS (7 s by default),
# inside Docker's default 10 s. Raising SHUTDOWN_TIMEOUT_MS needs `docker run --stop-timeout` (Compose:
# `stop_grace_period`) above it, or Docker kills the process mid-shutdown. Node runs as PID 1 directly.
STOPSIGNAL SIGTERM
CMD ["node", "server.mjs"]
