# TradeSign in a container: the same release tarball as a server install (npm run release),
# unpacked on Debian with Chromium for the PDFs.
#
#   docker build -t tradesign .
#   docker run -d --name tradesign -p 127.0.0.1:3000:3000 -v tradesign-data:/data \
#     -e PUBLIC_URL=https://contracts.example.com -e TRUSTED_PROXIES=172.17.0.1 \
#     -e SMTP_URL=... -e MAIL_FROM=... \
#     --security-opt seccomp=unconfined --stop-timeout 45 tradesign
#
# That is for a reverse proxy on the host (README, "Running it on a server") in front of port
# 3000, published on loopback only. Its requests reach the container from the Docker network's
# gateway (172.17.0.1 on the default bridge), which TRUSTED_PROXIES must name for the sign-in
# limits to see each visitor's own address; a proxy in another container: its address or range.
#
# Why the last two flags:
# - The app runs as a user of its own here, so Chromium keeps its sandbox around the contract
#   HTML it prints, and that sandbox needs new user, PID and network namespaces. Docker's default
#   seccomp profile refuses them to a process without CAP_SYS_ADMIN: Chromium then fails to start
#   ("Failed to move to new namespace ... Operation not permitted"), and after its retries every
#   signed contract goes out as an HTML copy instead of a sealed PDF. seccomp=unconfined lifts
#   Docker's filter (Chromium still applies its own to the processes that read the HTML); a
#   seccomp profile that is Docker's default plus those namespaces is the tighter alternative.
# - Docker waits 10 s after SIGTERM before it kills; the app may take SHUTDOWN_DRAIN_MS + 10 s.
#
# Settings are environment variables (README, "Configuration"); the ENV below suits a container
# and need not be repeated. With --env-file instead of -e, write values without quotes: Docker
# keeps quotes as part of the value (so deploy/tradesign.env.example is not such a file as is).
# Everything to keep is in the volume /data: app.db, its automatic pre-upgrade backups and
# mail-seal.key. A bind mount instead of a volume must belong to uid 10001.
# Other commands run in the container, with its settings:
#   docker exec tradesign /opt/tradesign/tradesign backup /data/app-2026-01-31.db
#   docker cp tradesign:/data/app-2026-01-31.db . (and its .mail-seal.key), to keep it elsewhere
#   docker exec tradesign /opt/tradesign/tradesign doctor    (--help lists the others)

# --- Stage 1: build the release with the toolchain (python3, make and g++ for the native
# modules better-sqlite3 and argon2 come with this image). ---
FROM node:20-bookworm AS build
WORKDIR /src
# Should better-sqlite3 have to compile, use this image's Node headers instead of downloading them.
ENV npm_config_nodedir=/usr/local
# The dependencies first, on their own layer: a change to the sources does not reinstall them.
COPY package.json package-lock.json .npmrc ./
# The lock file and package.json's allowScripts are npm 11's; the image ships npm 10.
RUN npm install --global npm@11.19.1 && npm ci
COPY . .
# dist/tradesign-<version>-linux-<arch>.tar.gz holds one folder of that name; the version comes
# from package.json, so a glob finds it, and exactly one must be there.
RUN npm run release \
  && set -- dist/tradesign-*-linux-*.tar.gz \
  && if [ "$#" -ne 1 ] || [ ! -f "$1" ]; then echo "expected one release tarball in dist/, found: $*" >&2; exit 1; fi \
  && mkdir /out \
  && tar -xzf "$1" -C /out \
  && mv /out/tradesign-*-linux-* /out/tradesign \
  && test -x /out/tradesign/tradesign && test -x /out/tradesign/node/bin/node

# --- Stage 2: what runs. The release ships its own Node.js; the image adds only Chromium. ---
FROM debian:bookworm-slim
# chromium prints the signed contracts to PDF; fonts-liberation gives it Arial/Helvetica-metric
# fonts for the templates (without recommends, Chromium would come with none); ca-certificates
# lets SMTP, Ollama and webhooks use TLS. tini runs as PID 1: it passes docker stop's SIGTERM on
# to the app and reaps the Chromium processes that a crashed browser leaves behind, which the
# kernel hands to PID 1. It is in the image rather than left to `docker run --init`, so that every
# way of running it (compose, Kubernetes, a plain docker run) gets it.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium ca-certificates fonts-liberation tini \
  && rm -rf /var/lib/apt/lists/*

# A user of its own, not root: as root Chromium would print without its sandbox. A fixed uid, so
# a bind-mounted data folder can be given to it (chown 10001:10001).
RUN groupadd --gid 10001 tradesign \
  && useradd --uid 10001 --gid tradesign --home-dir /data --no-create-home \
    --shell /usr/sbin/nologin tradesign

# Owned by root: the app cannot change its own code.
COPY --from=build /out/tradesign /opt/tradesign

# Listen on every interface of the container; the port is published with -p. PUBLIC_URL must be
# set at run time to the address people use. NODE_ENV for any library that looks at it.
ENV DATA_DIR=/data \
  HOST=0.0.0.0 \
  PORT=3000 \
  CHROMIUM_PATH=/usr/bin/chromium \
  NODE_ENV=production

# Made and given to the user before VOLUME, so a new named volume starts out owned by it.
RUN mkdir -p /data && chown tradesign:tradesign /data && chmod 700 /data
VOLUME /data
# The app also reads a .env file in its working directory: here, one in the volume.
WORKDIR /data

USER tradesign
EXPOSE 3000

# Healthy once the server answers its home page with 200. The image has no curl: the release's
# own node makes the request. The start period covers the backup a start takes before migrating.
HEALTHCHECK --interval=30s --timeout=5s --start-period=2m --retries=3 \
  CMD ["/opt/tradesign/node/bin/node", "-e", "require('http').get({host:'127.0.0.1',port:process.env.PORT||3000,path:'/',timeout:4000},r=>process.exit(r.statusCode===200?0:1)).on('timeout',()=>process.exit(1)).on('error',()=>process.exit(1))"]

# The launcher must exec node, so that the SIGTERM tini forwards reaches the server.
ENTRYPOINT ["/usr/bin/tini", "--", "/opt/tradesign/tradesign"]
CMD ["start"]
